/**
 * Passwords that are too common to protect an account: the most used ones in public breach
 * rankings and the patterns they show (words, names and places with digit or symbol endings),
 * lower-cased and only those the length rule would let through. Shipped with the app, never
 * fetched: the sign-up contract and the SPA's new-password form load it with their own code,
 * so the first pages (/ and /browse-tutors) do not carry it.
 */
import list from './common-passwords.json';

const COMMON = new Set<string>(list);

/** Whether the password is on the list, whatever its letter case ("Password1" is "password1"). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
