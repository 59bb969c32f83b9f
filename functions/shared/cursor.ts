/**
 * Opaque page cursors for gsi1 Queries: the last returned item's key, bound to the list it came
 * from, so a cursor from one search cannot continue another (400 instead).
 */
import * as z from 'zod';
import { ValidationFailed } from './errors.js';

export const Gsi1Key = z.object({ pk: z.string(), sk: z.string(), gsi1pk: z.string(), gsi1sk: z.string() });
export type Gsi1Key = z.infer<typeof Gsi1Key>;

const Cursor = z.object({ p: z.string(), k: Gsi1Key });

/** `list` names what the cursor continues (e.g. the partition and the search words). */
export const encodeCursor = (list: string, key: Gsi1Key): string =>
  Buffer.from(JSON.stringify({ p: list, k: Gsi1Key.parse(key) })).toString('base64url');

/** The key to continue after; refuses a cursor of another list or of another gsi1 partition. */
export function decodeCursor(cursor: string, list: string, partition: string): Gsi1Key {
  try {
    const parsed = Cursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.p !== list || parsed.k.gsi1pk !== partition) throw new Error('other list');
    return parsed.k;
  } catch {
    throw new ValidationFailed('This list has changed. Please search again.');
  }
}
