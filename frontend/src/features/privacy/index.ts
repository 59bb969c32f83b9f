/** What other features may use of privacy: the query keys. */
export { privacyKeys } from './keys';
