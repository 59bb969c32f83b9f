/** Auth form controls; the generic labelled fields live in shared/ui/fields. */
import type { ComponentProps } from 'react';
import { describedBy, FieldExtras } from '../../shared/ui/fields';
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES } from '@functions/auth/accounts';

export { TextField } from '../../shared/ui/fields';

/** The "I am a" picker: Parent, Student, Tutor, Admin. */
export function AccountTypeSelect({
  id,
  error,
  placeholder,
  ...select
}: { id: string; error?: string | undefined; placeholder?: string } & ComponentProps<'select'>) {
  return (
    <div className="field">
      <label htmlFor={id}>I am a</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {ACCOUNT_TYPES.map((type) => (
          <option key={type} value={type}>
            {ACCOUNT_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
      <FieldExtras id={id} error={error} />
    </div>
  );
}
