/** Stars shown (read-only, with the number for screen readers) and picked (a radio group). */
import { useId } from 'react';

export function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      <span aria-hidden="true">{'★'.repeat(full)}</span>
      <span aria-hidden="true" className="stars-empty">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

export function StarPicker({ value, onChange, error }: { value: number; onChange: (rating: number) => void; error?: string | undefined }) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="star-picker" aria-describedby={error ? errorId : undefined}>
      <legend>Your rating</legend>
      <div className="star-picker-options">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= value ? 'is-on' : undefined}>
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
