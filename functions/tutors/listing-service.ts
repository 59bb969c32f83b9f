/** Browse and search tutors, and keep the search index in step with profiles. */
import { getProfile, newestProfiles } from '../profiles/service.js';
import { decodeCursor, encodeCursor, Gsi1Key } from '../shared/cursor.js';
import type { BrowseQuery, BrowseResponse } from './contract.js';
import { listingEntries, planBrowse } from './listing.js';
import { queryListing, replaceListing } from './listing-repository.js';
import { getTutorFigures, markListingFresh, markListingStale, staleListingTutors } from './figures-repository.js';

export const DEFAULT_PAGE_SIZE = 12;

/** Rebuild passes before leaving the rest to the listings job (the rating kept moving meanwhile). */
const REINDEX_PASSES = 3;

/**
 * Rebuilds a user's browse entries from their profile and figures: tutors are listed, everyone
 * else is not. Safe to repeat and to run beside another rebuild: after writing, the figures are
 * read again, and a rating that moved meanwhile is rebuilt from; only entries built from the
 * current rating take the tutor off the stale-listings index (keys.ts "Tutor figures").
 */
export async function reindexTutorListing(userId: string): Promise<void> {
  let figures = await getTutorFigures(userId);
  for (let pass = 0; pass < REINDEX_PASSES; pass++) {
    const profile = await getProfile(userId);
    await replaceListing(userId, profile?.role === 'tutor' ? listingEntries(profile, figures) : null);
    const after = await getTutorFigures(userId);
    if (after.listingVersion !== figures.listingVersion) { figures = after; continue; }
    if (!after.gsi1pk || await markListingFresh(userId, after.listingVersion)) return;
    figures = await getTutorFigures(userId); // moved between the read and the mark
  }
  // Still moving: the entries just written may be older than what another rebuild wrote and marked
  // fresh meanwhile, so leave the tutor to the listings job rather than trust either.
  await markListingStale(userId);
}

/** Tutors refreshed per run of the listings job; the next run continues. */
export const STALE_LISTINGS_PER_RUN = 25;

/** The listings job: rebuilds the browse entries a crash left behind a rating change. */
export async function refreshStaleListings(): Promise<{ refreshed: number }> {
  const tutors = await staleListingTutors(STALE_LISTINGS_PER_RUN);
  for (const tutorId of tutors) await reindexTutorListing(tutorId);
  return { refreshed: tutors.length };
}

/**
 * Rewrites every tutor's browse entries: once after the listing design changes (e.g. the sort
 * entries and the review figures), from `infra/scripts/reindex-tutors.ts`. Safe to repeat.
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
