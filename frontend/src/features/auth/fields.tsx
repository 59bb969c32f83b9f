/** Labelled form controls: every input has a <label>, errors and hints are aria-describedby. */
import type { ComponentProps, ReactNode } from 'react';
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES } from '@functions/auth/contract';

interface FieldShell {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Extras({ id, error, hint }: Omit<FieldShell, 'label'>) {
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

export function TextField({ id, label, error, hint, ...input }: FieldShell & ComponentProps<'input'>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      <Extras id={id} error={error} hint={hint} />
    </div>
  );
}

/** The "I am a" picker: Parent, Student, Tutor, Admin. */
export function AccountTypeSelect({ id, error, ...select }: { id: string; error?: string | undefined } & ComponentProps<'select'>) {
  return (
    <div className="field">
      <label htmlFor={id}>I am a</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error)} {...select}>
        {ACCOUNT_TYPES.map((type) => (
          <option key={type} value={type}>
            {ACCOUNT_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
      <Extras id={id} error={error} />
    </div>
  );
}
