/** User-facing texts for failures of the auth library and the sign-up API. */
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { messages } from '../../../../functions/auth/contract';
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

/** POST /api/auth/sign-up failures: the API's final message, else the spec's default. */
export function signUpErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.fromServer ? error.message : messages.signUpFailed;
}
