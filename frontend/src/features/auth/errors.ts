/** User-facing texts for failures of the auth library and the sign-up API. */
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { messages } from '../../../../functions/auth/accounts';
import { ApiError } from '../../shared/api';

/**
 * Cognito service errors (NotAuthorizedException: "Incorrect username or password.",
 * CodeMismatchException, …) and Amplify's network error carry a user-facing message, which
 * spec §8 shows as is. Anything else (a failed config.json, a bug) gets the fallback text.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message || error.message === error.name) return fallback;
  return /Exception$/.test(error.name) || error.name === 'NetworkError' ? error.message : fallback;
}

/**
 * Sign-in failures. An unknown e-mail (UserNotFoundException, which Cognito sends when the pool
 * does not prevent user-existence errors, and the local emulator always does) and a wrong
 * password get the same text, so a stranger can't probe which e-mails have accounts.
 */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'UserNotFoundException') return messages.wrongCredentials;
    if (error.name === 'NotAuthorizedException' && /incorrect username or password/i.test(error.message)) return messages.wrongCredentials;
  }
  return authErrorMessage(error, messages.signInFailed);
}

/** POST /api/auth/sign-up failures: the API's final message, else the spec's default. */
export function signUpErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.fromServer ? error.message : messages.signUpFailed;
}
