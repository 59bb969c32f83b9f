/** Auth form controls; the generic labelled fields live in shared/ui/fields. */
import type { ComponentProps } from 'react';
import { SelectField } from '../../shared/ui/fields';
import { ACCOUNT_TYPES } from '@functions/auth/accounts-catalog';
import { useAuthText } from './text';

export { TextField } from '../../shared/ui/fields';

/** The sign-up form's "I am a" picker: Parent, Student, Tutor, Admin. */
export function AccountTypeSelect({
  id,
  error,
  ...select
}: { id: string; error?: string | undefined } & ComponentProps<'select'>) {
  const t = useAuthText();
  return (
    <SelectField id={id} label={t('accountType.label')} error={error} {...select}>
      {ACCOUNT_TYPES.map((type) => (
        <option key={type} value={type}>
          {t(`accountType.${type}`)}
        </option>
      ))}
    </SelectField>
  );
}
