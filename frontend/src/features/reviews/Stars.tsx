/** Stars shown (read-only, with the number for screen readers) and picked (a radio group). */
import { useId } from 'react';
import { useReviewsText } from './text';

export function Stars({ rating }: { rating: number }) {
  const t = useReviewsText();
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t('stars', { rating })}>
      <span aria-hidden="true">{'★'.repeat(full)}</span>
      <span aria-hidden="true" className="stars-empty">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

export function StarPicker({ value, onChange, error }: { value: number; onChange: (rating: number) => void; error?: string | undefined }) {
  const t = useReviewsText();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="star-picker" aria-describedby={error ? errorId : undefined}>
      <legend>{t('yourRating')}</legend>
      <div className="star-picker-options">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= value ? 'is-on' : undefined}>
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('starCount', { count: n })}</span>
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
