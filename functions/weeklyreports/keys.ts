/**
 * Weekly report items (docs/decisions/2026-11-29-weekly-report.md):
 *   active week  pk WEEKACTIVE#{week}#{shard}  sk LEARNER#{ownerId}   a learner had activity that week
 *                (a lesson held, a report approved, homework due, a game played): who they are and
 *                whom the report goes to. The job reads the week's shards, never a Scan. Expires (TTL).
 *   learner      pk WEEKLYLEARNER#{ownerId}     sk WEEKLYLEARNER       the same, by learner: how a super
 *                admin (no household of theirs) finds the family of a learner id.
 * `ownerId` is the id a learner's items are kept under: a household learner's id, or an adult
 * student's (or a parent's own) user id. Both items are rewritten with the same values by every
 * activity of that learner: idempotent, and each learner writes only their own items.
 */
import * as z from 'zod';

/** Shards of a week's partition: a busy Sunday's writes spread over this many partitions. */
export const WEEK_SHARDS = 8;

/** A stable shard for a learner (the same learner always lands in the same one). */
export function shardOf(ownerId: string): number {
  let hash = 0;
  for (const char of ownerId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % WEEK_SHARDS;
}

/**
 * A week marker expires (TTL) this long after it was written: long after its week's report ran
 * (a marker may be written weeks ahead, for homework due then), and it names a child, so it does
 * not stay for ever. The report pages read the learner's own items, never the markers.
 */
export const WEEK_MARKER_KEEP_DAYS = 90;

export const weekActivePartition = (week: string, shard: number) => `WEEKACTIVE#${week}#${shard}`;
export const weekActiveKey = (week: string, ownerId: string) => ({ pk: weekActivePartition(week, shardOf(ownerId)), sk: `LEARNER#${ownerId}` });
export const weeklyLearnerKey = (ownerId: string) => ({ pk: `WEEKLYLEARNER#${ownerId}`, sk: 'WEEKLYLEARNER' });

export const ActiveLearner = z.object({
  ownerId: z.string(),
  /** Whom the report goes to: the payer (a child's parent), or the adult student themself. */
  recipientId: z.string(),
  /** Set for a household learner (a child); absent when the owner is the recipient. */
  learnerId: z.string().optional(),
  /** A household learner's first name (an adult's is read from their profile). */
  firstName: z.string().optional(),
});
export type ActiveLearner = z.infer<typeof ActiveLearner>;
