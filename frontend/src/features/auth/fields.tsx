/** Auth form controls; the generic labelled fields live in shared/ui/fields. */
import type { ComponentProps } from 'react';
import { SelectField } from '../../shared/ui/fields';
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
    <SelectField id={id} label="I am a" error={error} {...select}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {ACCOUNT_TYPES.map((type) => (
        <option key={type} value={type}>
          {ACCOUNT_TYPE_LABELS[type]}
        </option>
      ))}
    </SelectField>
  );
}
