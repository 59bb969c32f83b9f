import type { ComponentProps } from 'react';
import { TextField } from './fields';

/** The 6-digit code of an authenticator app (digits only; the phone's keypad; one-time-code autofill). */
export function TotpCodeField({ id, value, onValue, error, ...input }: {
  id: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange'>) {
  return (
    <TextField
      id={id}
      label="6-digit code"
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
