/**
 * Tutor items, all in the tutor's own partition (docs/data-model.md):
 *   slot           pk TUTOR#{tutorId}  sk AVAIL#{dayOfWeek}#{HH:MM}#{slotId}
 *   hour marker    pk TUTOR#{tutorId}  sk AVAILHOUR#{dayOfWeek}#{HH}   (one per covered hour)
 *   facet entry    pk TUTOR#{tutorId}  sk LISTING#{facet}  gsi1 LISTING#{facet} / {rank}
 *   search entry   pk TUTOR#{tutorId}  sk SEARCH#{token}   gsi1 SEARCH#{token}  / {rank}
 * Bookings keep their hour locks and payments the tutor's earnings in the same partition (their
 * keys.ts). Pure: keys, item builders and the schemas items are parsed with when read.
 */
import * as z from 'zod';
import { TutorCard, type AvailabilitySlot } from './contract.js';
import type { ListingEntries } from './listing.js';

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

export const LISTING_PREFIXES = ['LISTING#', 'SEARCH#'] as const;

/** The index items (sort key → item) a tutor's entries are stored as. */
export function listingItems(tutorId: string, entries: ListingEntries): Map<string, Record<string, unknown>> {
  const items = new Map<string, Record<string, unknown>>();
  const common = {
    pk: tutorPk(tutorId), entity: 'TutorListing', tutorId, gsi1sk: entries.rank, card: entries.card,
    searchText: entries.searchText, subjectsKey: entries.subjectsKey, levelsKey: entries.levelsKey,
  };
  for (const f of entries.facets) items.set(`LISTING#${f}`, { ...common, sk: `LISTING#${f}`, gsi1pk: `LISTING#${f}` });
  for (const t of entries.tokens) items.set(`SEARCH#${t}`, { ...common, sk: `SEARCH#${t}`, gsi1pk: `SEARCH#${t}` });
  return items;
}

/** A listing entry read for its key alone (to find stale entries). */
export const ListingKeyItem = z.object({ sk: z.string() });

/** A listing entry as a browse reads it (projected to its keys and card). */
export const ListingCardItem = z.object({ pk: z.string(), sk: z.string(), gsi1pk: z.string(), gsi1sk: z.string(), card: TutorCard });
export type ListingCardItem = z.infer<typeof ListingCardItem>;
