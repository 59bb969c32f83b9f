/** Browse and search tutors, and keep the search index in step with profiles. */
import { getProfile, newestProfiles } from '../profiles/service.js';
import { decodeCursor, encodeCursor, Gsi1Key } from '../shared/cursor.js';
import type { BrowseQuery, BrowseResponse } from './contract.js';
import type { TutorFiguresRecord } from './keys.js';
import { cardFigures, listingEntries, planBrowse } from './listing.js';
import { moveRatingOrder, queryListing, replaceListing } from './listing-repository.js';
import { figuresOfTutors, getTutorFigures, markListingFresh, markListingStale, staleListingTutors } from './figures-repository.js';

export const DEFAULT_PAGE_SIZE = 12;

/** Rebuild passes before leaving the rest to the listings job (the rating kept moving meanwhile). */
const REINDEX_PASSES = 3;

/**
 * Rebuilds a user's browse entries from their profile and figures: tutors are listed, everyone
 * else is not, nor a suspended tutor (moderation reindexes on suspending and reinstating). For a profile, photo or verification change, and the reindex script; a figure
 * changing needs no rebuild (browse reads the figures per page; a rating moves only the rating
 * order: refreshRatingOrder).
 */
export async function reindexTutorListing(userId: string): Promise<void> {
  await untilFresh(userId, async (figures) => {
    const profile = await getProfile(userId);
    // Every rebuild follows a change of what the public profile shows (edit, photo, verification,
    // sign-up), so its time is the page's last change: the sitemap's lastmod (functions/sitemap).
    const listed = profile?.role === 'tutor' && !profile.suspension;
    await replaceListing(userId, listed ? { ...listingEntries(profile, figures), updatedAt: new Date().toISOString() } : null);
  });
}

/**
 * After a review moved the tutor's rating: the rating order's entries (the only ones whose key
 * depends on it) move to the new rating's sort key; nothing else is written. Safe to repeat and to
 * run beside a rebuild, as reindexTutorListing.
 */
export async function refreshRatingOrder(tutorId: string): Promise<void> {
  await untilFresh(tutorId, async (figures) => {
    const profile = await getProfile(tutorId);
    if (profile?.role === 'tutor' && !profile.suspension) await moveRatingOrder(tutorId, listingEntries(profile, figures).sortKeys.rating);
  });
}

/**
 * Writes the entries from the figures until they were built from the current rating: after
 * writing, the figures are read again, and a rating that moved meanwhile is written from; only
 * entries built from the current rating take the tutor off the stale-listings index
 * (keys.ts "Tutor figures").
 */
async function untilFresh(tutorId: string, write: (figures: TutorFiguresRecord) => Promise<void>): Promise<void> {
  let figures = await getTutorFigures(tutorId);
  for (let pass = 0; pass < REINDEX_PASSES; pass++) {
    await write(figures);
    const after = await getTutorFigures(tutorId);
    if (after.listingVersion !== figures.listingVersion) { figures = after; continue; }
    if (!after.gsi1pk || await markListingFresh(tutorId, after.listingVersion)) return;
    figures = await getTutorFigures(tutorId); // moved between the read and the mark
  }
  // Still moving: the entries just written may be older than what another writer wrote and marked
  // fresh meanwhile, so leave the tutor to the listings job rather than trust either.
  await markListingStale(tutorId);
}

/** Tutors refreshed per run of the listings job; the next run continues. */
export const STALE_LISTINGS_PER_RUN = 25;

/**
 * The listings job: moves the rating order entries a crash (or a writer that gave up) left behind
 * a rating change. The rating is the only figure an entry depends on, so this is all it needs.
 */
export async function refreshStaleListings(): Promise<{ refreshed: number }> {
  const tutors = await staleListingTutors(STALE_LISTINGS_PER_RUN);
  for (const tutorId of tutors) await refreshRatingOrder(tutorId);
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

/**
 * One page of a browse: one Query of the plan's partition (readCalls, itemsRead count it), then one
 * BatchGetItem of the page's figures items.
 */
export async function browseTutors(query: BrowseQuery): Promise<BrowseResponse & { readCalls: number; itemsRead: number }> {
  const plan = planBrowse(query);
  if (!plan) return { tutors: [], readCalls: 0, itemsRead: 0 }; // a query that cannot match
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const start = query.cursor ? decodeCursor(query.cursor, plan.list, plan.partition) : undefined;
  const page = await queryListing(plan, limit, start);
  // The figures change with every lesson, so they are read here rather than kept in every entry.
  const figures = await figuresOfTutors(page.cards.map((c) => c.id));
  return {
    tutors: page.cards.map((card) => ({ ...card, figures: cardFigures(figures.get(card.id)!) })),
    ...(page.lastKey ? { nextCursor: encodeCursor(plan.list, Gsi1Key.parse(page.lastKey)) } : {}),
    readCalls: page.readCalls,
    itemsRead: page.itemsRead,
  };
}
