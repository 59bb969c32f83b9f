import type { ComponentProps } from 'react';
import { TextField } from './fields';
import { useAuthText } from './text';

/** A 6-digit code (authenticator app, e-mail confirmation): digits only, the phone's keypad, one-time-code autofill. */
export function TotpCodeField({ id, label, value, onValue, error, ...input }: {
  id: string;
  label?: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange'>) {
  const t = useAuthText();
  return (
    <TextField
      id={id}
      label={label ?? t('field.sixDigitCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      className="code-input"
      value={value}
      error={error}
      onChange={(event) => onValue(event.target.value.replace(/\D/g, '').slice(0, 6))}
      {...input}
    />
  );
}
