/**
 * The state of a 6-digit code form (sign-in's second step, two-step set-up): checks the code's
 * shape, runs the step with it, and turns Cognito's refusals into the user's words.
 */
import { useState, type FormEvent } from 'react';
import { useAuthText, type AuthMessage } from './text';
import { totpCodeFrom, twoStepProblem } from './two-step';

/** `submit` returns the message of a problem to show, or nothing when it went through. */
export function useTotpCodeForm(submit: (code: string) => Promise<AuthMessage | void>, fallback: AuthMessage, what: string) {
  const t = useAuthText();
  const [code, setCode] = useState('');
  // The message's key, so a language switch rewords an error on screen.
  const [error, setError] = useState<AuthMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = totpCodeFrom(code);
    if (!value) {
      setError('twoStep.codeFormat');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const problem = await submit(value);
      if (problem) setError(problem);
    } catch (err) {
      console.error(`${what} failed`, err);
      setError(twoStepProblem(err) ?? fallback);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return { code, setCode, error: error && t(error), busy, onSubmit };
}
