/**
 * Tutor items, all in the tutor's own partition (docs/data-model.md):
 *   slot           pk TUTOR#{tutorId}  sk AVAIL#{dayOfWeek}#{HH:MM}#{slotId}
 *   hour marker    pk TUTOR#{tutorId}  sk AVAILHOUR#{dayOfWeek}#{HH}   (one per covered hour)
 *   facet entry    pk TUTOR#{tutorId}  sk LISTING#{facet}  gsi1 LISTING#{facet} / {rank}
 *   search entry   pk TUTOR#{tutorId}  sk SEARCH#{token}   gsi1 SEARCH#{token}  / {rank}
 *   sort entry     pk TUTOR#{tutorId}  sk BY{RATING|PRICE|NEW}#{facet}  gsi1 the same / {order's key}
 *   figures        pk TUTOR#{tutorId}  sk FIGURES (and the TAUGHT# markers; below)
 * Bookings keep their hour locks and payments the tutor's earnings in the same partition (their
 * keys.ts). Pure: keys, item builders and the schemas items are parsed with when read.
 */
import * as z from 'zod';
import { TutorCard, type AvailabilitySlot } from './contract.js';

export const tutorPk = (tutorId: string) => `TUTOR#${tutorId}`;

export const SLOT_PREFIX = 'AVAIL#';
export const slotKey = (tutorId: string, s: Pick<AvailabilitySlot, 'dayOfWeek' | 'startTime' | 'id'>) =>
  ({ pk: tutorPk(tutorId), sk: `${SLOT_PREFIX}${s.dayOfWeek}#${s.startTime}#${s.id}` });
export const hourMarkerKey = (tutorId: string, dayOfWeek: number, hour: string) =>
  ({ pk: tutorPk(tutorId), sk: `AVAILHOUR#${dayOfWeek}#${hour}` });

export const SlotItem = z.object({
  slotId: z.string(), dayOfWeek: z.number().int(), startTime: z.string(), endTime: z.string(), isAvailable: z.boolean().optional(),
}).transform((i): AvailabilitySlot => ({
  id: i.slotId, dayOfWeek: i.dayOfWeek, startTime: i.startTime, endTime: i.endTime, isAvailable: i.isAvailable !== false,
}));

/** Partitions of the browse orders other than the recommended one (`LISTING#`). */
export const SORT_PREFIXES = { rating: 'BYRATING#', price: 'BYPRICE#', newest: 'BYNEW#' } as const;

export const LISTING_PREFIXES = ['LISTING#', 'SEARCH#', ...Object.values(SORT_PREFIXES)] as const;

/** What a tutor's browse entries are built from (listing.ts listingEntries), before they become items. */
export interface ListingEntries {
  /** The card without its figures: a browse page reads those from the figures items. */
  card: TutorCard;
  /** Sort key inside every partition: verified tutors first, then by name. */
  rank: string;
  /** Lower-case words the text filter matches against, space-separated and padded. */
  searchText: string;
  /** "|Mathematics|Physics|" and "|primary|secondary|", for filters inside a search partition. */
  subjectsKey: string;
  levelsKey: string;
  /** "|cbc-grade-7|844-form-2|" and "|cbc|8-4-4|", for grade and curriculum filters inside a partition. */
  gradesKey: string;
  curriculaKey: string;
  facets: string[];
  tokens: string[];
  /** Sort keys of the other orders' partitions (one entry per facet and order). */
  sortKeys: Record<keyof typeof SORT_PREFIXES, string>;
  /** KES per hour, for a price range inside a partition not sorted by price. */
  price: number;
  /** When the public profile these entries show last changed (the sitemap's lastmod); set by the rebuild. */
  updatedAt?: string;
}

/** The index items (sort key → item) a tutor's entries are stored as. */
export function listingItems(tutorId: string, entries: ListingEntries): Map<string, Record<string, unknown>> {
  const items = new Map<string, Record<string, unknown>>();
  const common = {
    pk: tutorPk(tutorId), entity: 'TutorListing', tutorId, gsi1sk: entries.rank, card: entries.card,
    searchText: entries.searchText, subjectsKey: entries.subjectsKey, levelsKey: entries.levelsKey,
    gradesKey: entries.gradesKey, curriculaKey: entries.curriculaKey, price: entries.price,
    ...(entries.updatedAt ? { updatedAt: entries.updatedAt } : {}),
  };
  for (const f of entries.facets) {
    items.set(`LISTING#${f}`, { ...common, sk: `LISTING#${f}`, gsi1pk: `LISTING#${f}` });
    for (const [sort, prefix] of Object.entries(SORT_PREFIXES)) {
      const key = `${prefix}${f}`;
      items.set(key, { ...common, sk: key, gsi1pk: key, gsi1sk: entries.sortKeys[sort as keyof typeof SORT_PREFIXES] });
    }
  }
  for (const t of entries.tokens) items.set(`SEARCH#${t}`, { ...common, sk: `SEARCH#${t}`, gsi1pk: `SEARCH#${t}` });
  return items;
}

/** A listing entry read for its key alone (to find stale entries). */
export const ListingKeyItem = z.object({ sk: z.string() });

/** A `BYRATING#` entry read for its sort key (to move it when the rating moves). */
export const RatingOrderItem = z.object({ sk: z.string(), gsi1sk: z.string() });
export type RatingOrderItem = z.infer<typeof RatingOrderItem>;

/** A listing entry as a browse reads it (projected to its keys and card). */
export const ListingCardItem = z.object({ pk: z.string(), sk: z.string(), gsi1pk: z.string(), gsi1sk: z.string(), card: TutorCard });
export type ListingCardItem = z.infer<typeof ListingCardItem>;

// ---- Tutor figures (maintained, never counted by reading; docs/data-model.md "Tutor figures") ----

/**
 *   figures            pk TUTOR#{tutorId}  sk FIGURES  ratingSum, ratingCount, lessonsTaught, studentsTaught
 *   lesson counted     pk TUTOR#{tutorId}  sk TAUGHT#{bookingId}         (once per completed lesson)
 *   student counted    pk TUTOR#{tutorId}  sk TAUGHTSTUDENT#{studentId}  (once per distinct student)
 * The browse entries do not carry the figures: a browse page reads them for its cards with one
 * BatchGetItem (listing-service.ts browseTutors), so a counted lesson (figures-repository.ts
 * countOnce) writes the figures item and its marker and nothing else. The rating is in one more
 * place, the sort key of the `BYRATING#` entries: reviews move it in their own transactions
 * through `ratingFiguresUpdate`, which bumps `listingVersion` and enters the item in the sparse
 * gsi1 `LISTINGSTALE` until those sort keys show that version (listing-service.ts
 * refreshRatingOrder; the listings job sweeps the index, so a process dying after the review
 * cannot leave the rating order stale).
 */
export const tutorFiguresKey = (tutorId: string) => ({ pk: tutorPk(tutorId), sk: 'FIGURES' });
export const lessonTaughtKey = (tutorId: string, bookingId: string) => ({ pk: tutorPk(tutorId), sk: `TAUGHT#${bookingId}` });
export const studentTaughtKey = (tutorId: string, studentId: string) => ({ pk: tutorPk(tutorId), sk: `TAUGHTSTUDENT#${studentId}` });

export const TutorFiguresItem = z.object({
  ratingSum: z.number().default(0),
  ratingCount: z.number().default(0),
  lessonsTaught: z.number().default(0),
  studentsTaught: z.number().default(0),
  /** Hours within which the tutor usually answers a new conversation (conversations keeps the samples); absent without any. */
  replyHours: z.number().int().optional(),
});
export type TutorFiguresItem = z.infer<typeof TutorFiguresItem>;
/** A figures item read among a page of tutors' (its pk names the tutor). */
export const TutorFiguresOfItem = TutorFiguresItem.extend({ pk: z.string() });
export const NO_FIGURES: TutorFiguresItem = { ratingSum: 0, ratingCount: 0, lessonsTaught: 0, studentsTaught: 0 };
/** The figures as stored, with what tells whether the browse entries show them. */
export const TutorFiguresRecord = TutorFiguresItem.extend({
  /** Moves with every change of the rating; the rating order's entries are fresh once they were built from it. */
  listingVersion: z.number().default(0),
  /** Set (to STALE_LISTINGS_PARTITION) while the rating order's entries may lag behind the rating. */
  gsi1pk: z.string().optional(),
});
export type TutorFiguresRecord = z.infer<typeof TutorFiguresRecord>;

/** gsi1: tutors whose rating order entries have not yet caught up with a rating change (sparse). */
export const STALE_LISTINGS_PARTITION = 'LISTINGSTALE';

/**
 * A TransactWrite Update moving a tutor's rating sum and count (a review written, edited or
 * hidden), marking the browse entries stale in the same write (see "Tutor figures" above).
 */
export function ratingFiguresUpdate(tableName: string, tutorId: string, sumDelta: number, countDelta: number) {
  const stale = staleListingMark(tutorId);
  return {
    Update: {
      TableName: tableName, Key: tutorFiguresKey(tutorId),
      UpdateExpression: `ADD ratingSum :s, ratingCount :c, listingVersion :one SET ${stale.set}`,
      ExpressionAttributeValues: { ':s': sumDelta, ':c': countDelta, ':one': 1, ...stale.values },
    },
  };
}

/** The SET clause (and its values) that enters the figures in the stale-listings index. */
export const staleListingMark = (tutorId: string) => ({
  set: 'gsi1pk = :stale, gsi1sk = :tutor',
  values: { ':stale': STALE_LISTINGS_PARTITION, ':tutor': tutorId },
});

/** The rating order's entries now show `version`: the figures leave the stale index, unless the rating moved again. */
export const listingFreshUpdate = (tutorId: string, version: number) => ({
  Key: tutorFiguresKey(tutorId),
  UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
  ConditionExpression: 'listingVersion = :v',
  ExpressionAttributeValues: { ':v': version },
});
