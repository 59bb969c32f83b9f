/**
 * The state of a 6-digit code form (sign-in's second step, two-step set-up): checks the code's
 * shape, runs the step with it, and turns Cognito's refusals into the user's words.
 */
import { useState, type FormEvent } from 'react';
import { totpCodeFrom, twoStepErrorMessage, twoStepMessages } from './two-step';

/** `submit` returns an error text to show, or nothing when it went through. */
export function useTotpCodeForm(submit: (code: string) => Promise<string | void>, fallback: string, what: string) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = totpCodeFrom(code);
    if (!value) {
      setError(twoStepMessages.codeFormat);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const problem = await submit(value);
      if (problem) setError(problem);
    } catch (err) {
      console.error(`${what} failed`, err);
      setError(twoStepErrorMessage(err, fallback));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return { code, setCode, error, busy, onSubmit };
}
