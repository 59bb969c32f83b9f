/** Labelled form controls: every control has a <label>; hints and errors are aria-describedby. */
import { useEffect, useRef, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { useServerMessage } from '../messages/server-messages';

export interface FieldShell {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** More ids the control is described by (e.g. a note shared by several fields). */
  describedByIds?: string | undefined;
}

/** The ids of a control's hint and error, for aria-describedby. */
export function describedBy(id: string, error?: string, hint?: ReactNode, more?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', more ?? ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldExtras({ id, error, hint }: Omit<FieldShell, 'label' | 'describedByIds'>) {
  // Errors come from the shared zod contracts (English) or the API (already in the reader's language).
  const translate = useServerMessage();
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {translate(error)}
        </p>
      )}
    </>
  );
}

/** A label, any control (give it `id` and `aria-describedby={describedBy(…)}`), hint and error. */
export function Field({ id, label, error, hint, children }: Omit<FieldShell, 'describedByIds'> & { children: ReactElement }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldExtras id={id} error={error} hint={hint} />
    </div>
  );
}

/** The attributes that tie a control to its hint and error. */
export function controlProps({ id, error, hint, describedByIds }: Omit<FieldShell, 'label'>) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, error, hint, describedByIds) };
}

export function TextField({ id, label, error, hint, describedByIds, ...input }: FieldShell & ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input {...controlProps({ id, error, hint, describedByIds })} {...input} />
    </Field>
  );
}

export function TextAreaField({ id, label, error, hint, describedByIds, ...textarea }: FieldShell & ComponentProps<'textarea'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea {...controlProps({ id, error, hint, describedByIds })} {...textarea} />
    </Field>
  );
}

/** A labelled <select>: give it the <option>s (and <optgroup>s) as children. */
export function SelectField({ id, label, error, hint, describedByIds, children, ...select }: FieldShell & ComponentProps<'select'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select {...controlProps({ id, error, hint, describedByIds })} {...select}>
        {children}
      </select>
    </Field>
  );
}

/**
 * A labelled search box (type search, no autofill, at most 80 characters as the APIs accept);
 * pair it with useSearchDraft to search as the user types. Put it in a `role="search"` form so
 * Enter searches at once.
 */
export function SearchField({ id, label, className, ...input }: { id: string; label: string; className?: string } & Omit<ComponentProps<'input'>, 'id' | 'type'>) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" inputMode="search" enterKeyHint="search" autoComplete="off" maxLength={80} {...input} />
    </div>
  );
}

/** How long typing must pause before a SearchField searches. */
export const TYPING_DELAY_MS = 350;

/**
 * The text of a SearchField that searches as the user types: `committed` is the search in effect
 * (usually from the URL), `commit` applies a new one once typing pauses. When `committed`
 * changes from elsewhere (Clear Filters, history), the box shows it. (Beside SearchField rather
 * than in a module of its own: one chunk less on the public pages that use both.)
 */
export function useSearchDraft(committed: string, commit: (text: string) => void, delayMs = TYPING_DELAY_MS) {
  const [draft, setDraft] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    setDraft(committed);
  }
  // The latest commit, without restarting the timer when the caller passes a new function.
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    if (draft === committed || (!draft.trim() && !committed)) return;
    const timer = setTimeout(() => commitRef.current(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, committed, delayMs]);
  return [draft, setDraft] as const;
}
