/** What the SPA's conversation page checks and shows, without zod (contract.ts holds the schemas). */
export { MAX_MESSAGE_LENGTH } from './rules.js';
/** The photo thumbnail the SPA draws: its longest side and its largest size. */
export { MAX_THUMBNAIL_BYTES, THUMBNAIL_SIZE } from './attachment-rules.js';
