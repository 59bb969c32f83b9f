/** Labelled form controls: every control has a <label>; hints and errors are aria-describedby. */
import type { ComponentProps, ReactElement, ReactNode } from 'react';

interface FieldShell {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** The ids of a control's hint and error, for aria-describedby. */
export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldExtras({ id, error, hint }: Omit<FieldShell, 'label'>) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** A label, any control (give it `id` and `aria-describedby={describedBy(…)}`), hint and error. */
export function Field({ id, label, error, hint, children }: FieldShell & { children: ReactElement }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldExtras id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextField({ id, label, error, hint, ...input }: FieldShell & ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...input} />
    </Field>
  );
}

export function TextAreaField({ id, label, error, hint, ...textarea }: FieldShell & ComponentProps<'textarea'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...textarea} />
    </Field>
  );
}
