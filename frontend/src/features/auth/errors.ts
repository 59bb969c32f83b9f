/** User-facing texts for failures of the auth library and the sign-up API. */
import { ApiError } from '../../shared/api';
import { activeLanguage } from '../../shared/i18n/language';
import type { AuthMessage, AuthText } from './text';

/** Cognito (and Amplify) failures the catalog words in the other languages. */
const COGNITO_ERRORS = new Set([
  'CodeMismatchException', 'ExpiredCodeException', 'LimitExceededException', 'TooManyRequestsException',
  'TooManyFailedAttemptsException', 'NotAuthorizedException', 'UserNotFoundException', 'UserNotConfirmedException',
  'UsernameExistsException', 'InvalidPasswordException', 'InvalidParameterException', 'CodeDeliveryFailureException',
  'PasswordResetRequiredException', 'NetworkError',
]);

/**
 * Cognito service errors (NotAuthorizedException: "Incorrect username or password.",
 * CodeMismatchException, …) and Amplify's network error carry a user-facing message, which
 * the SPA shows as is in English. Cognito only speaks English, so another language gets the
 * catalog's wording of that error (or the fallback for one it does not know). Anything else
 * (a failed config.json, a bug) gets the fallback text.
 */
export function authErrorMessage(error: unknown, fallback: string, t: AuthText): string {
  if (!(error instanceof Error) || !error.message || error.message === error.name) return fallback;
  if (!/Exception$/.test(error.name) && error.name !== 'NetworkError') return fallback;
  if (activeLanguage() === 'en') return error.message;
  return COGNITO_ERRORS.has(error.name) ? t(`cognito.${error.name}` as AuthMessage) : fallback;
}

/**
 * Sign-in failures. An unknown e-mail (UserNotFoundException, which Cognito sends when the pool
 * does not prevent user-existence errors, and the local emulator always does) and a wrong
 * password get the same text, so a stranger can't probe which e-mails have accounts.
 */
export function signInErrorMessage(error: unknown, t: AuthText): string {
  if (error instanceof Error) {
    if (error.name === 'UserNotFoundException') return t('messages.wrongCredentials');
    if (error.name === 'NotAuthorizedException' && /incorrect username or password/i.test(error.message)) return t('messages.wrongCredentials');
  }
  return authErrorMessage(error, t('messages.signInFailed'), t);
}

/** POST /api/auth/sign-up failures: the API's final message (in the language asked for), else the spec's default. */
export function signUpErrorMessage(error: unknown, t: AuthText): string {
  return error instanceof ApiError && error.fromServer ? error.message : t('messages.signUpFailed');
}
