/** What the SPA's conversation page checks and shows, without zod (contract.ts holds the schemas). */
export { MAX_MESSAGE_LENGTH } from './rules.js';
