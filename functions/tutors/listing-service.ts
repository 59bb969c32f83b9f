/** Browse and search tutors, and keep the search index in step with profiles. */
import { getProfile, newestProfiles } from '../profiles/service.js';
import { decodeCursor, encodeCursor, Gsi1Key } from '../shared/cursor.js';
import type { BrowseQuery, BrowseResponse } from './contract.js';
import { listingEntries, planBrowse } from './listing.js';
import { queryListing, replaceListing } from './listing-repository.js';
import { getTutorFigures } from './figures-repository.js';

export const DEFAULT_PAGE_SIZE = 12;

/** Rebuilds a user's browse entries from their profile: tutors are listed, everyone else is not. */
export async function reindexTutorListing(userId: string): Promise<void> {
  const [profile, figures] = await Promise.all([getProfile(userId), getTutorFigures(userId)]);
  await replaceListing(userId, profile?.role === 'tutor' ? listingEntries(profile, figures) : null);
}

/**
 * Rewrites every tutor's browse entries: once after the listing design changes (e.g. the sort
 * entries and figures of issue 13), from `infra/scripts/reindex-tutors.ts`. Safe to repeat.
 */
export async function reindexAllTutors(): Promise<number> {
  let count = 0;
  let startKey: Gsi1Key | undefined;
  do {
    const page = await newestProfiles(100, startKey);
    for (const profile of page.items.filter((p) => p.role === 'tutor')) {
      await reindexTutorListing(profile.id);
      count++;
    }
    startKey = page.lastKey;
  } while (startKey);
  return count;
}

export async function browseTutors(query: BrowseQuery): Promise<BrowseResponse & { readCalls: number; itemsRead: number }> {
  const plan = planBrowse(query);
  if (!plan) return { tutors: [], readCalls: 0, itemsRead: 0 }; // a query that cannot match
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const start = query.cursor ? decodeCursor(query.cursor, plan.list, plan.partition) : undefined;
  const page = await queryListing(plan, limit, start);
  return {
    tutors: page.cards,
    ...(page.lastKey ? { nextCursor: encodeCursor(plan.list, Gsi1Key.parse(page.lastKey)) } : {}),
    readCalls: page.readCalls,
    itemsRead: page.itemsRead,
  };
}
