/**
 * The id of the JSON data block a record's page carries (the record it was rendered with, shared/head/record-head.ts),
 * for the entry (main.tsx) to hydrate with; its own module so the entry does not load the head's catalogs.
 */
export const RECORD_DATA_ID = 'alp-record';
