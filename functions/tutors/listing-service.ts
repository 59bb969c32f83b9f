/** Browse and search tutors, and keep the search index in step with profiles. */
import * as z from 'zod';
import { getProfile } from '../profiles/repository.js';
import { ValidationFailed } from '../shared/errors.js';
import { staleCursorMessage, type BrowseQuery, type BrowseResponse } from './contract.js';
import { listingEntries, planBrowse } from './listing.js';
import { queryListing, replaceListing } from './listing-repository.js';

export const DEFAULT_PAGE_SIZE = 12;

/** Rebuilds a user's browse entries from their profile: tutors are listed, everyone else is not. */
export async function reindexTutorListing(userId: string): Promise<void> {
  const profile = await getProfile(userId);
  await replaceListing(userId, profile?.role === 'tutor' ? listingEntries(profile) : null);
}

const CursorKey = z.object({ pk: z.string(), sk: z.string(), gsi1pk: z.string(), gsi1sk: z.string() });
const Cursor = z.object({ p: z.string(), k: CursorKey });

const encodeCursor = (partition: string, key: z.infer<typeof CursorKey>) =>
  Buffer.from(JSON.stringify({ p: partition, k: key })).toString('base64url');

function decodeCursor(cursor: string, partition: string): z.infer<typeof CursorKey> {
  try {
    const parsed = Cursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    // A cursor only continues the search it came from.
    if (parsed.p !== partition || parsed.k.gsi1pk !== partition) throw new Error('other search');
    return parsed.k;
  } catch {
    throw new ValidationFailed(staleCursorMessage);
  }
}

export async function browseTutors(query: BrowseQuery): Promise<BrowseResponse & { readCalls: number; itemsRead: number }> {
  const plan = planBrowse(query);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const start = query.cursor ? decodeCursor(query.cursor, plan.partition) : undefined;
  const page = await queryListing(plan, limit, start);
  return {
    tutors: page.cards,
    ...(page.lastKey ? { nextCursor: encodeCursor(plan.partition, CursorKey.parse(page.lastKey)) } : {}),
    readCalls: page.readCalls,
    itemsRead: page.itemsRead,
  };
}
