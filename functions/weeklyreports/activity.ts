/**
 * Marks a learner active in the weeks of what happened (docs/decisions/2026-11-29-weekly-report.md):
 * a game played (progress), a lesson held and a report approved (this domain's consumers). The
 * weekly job then finds the week's learners by key. Imports nothing of the domains that call it.
 */
import { putActivity } from './repository.js';
import { weekOf } from './rules.js';

export interface ActivityOwner {
  /** The id the learner's items are kept under (a household learner's, or the user's own). */
  ownerId: string;
  /** The payer: a child's parent, or the adult student themself. */
  recipientId: string;
  /** The household learner, when the owner is one. */
  learner?: { learnerId: string; firstName: string } | null;
}

/** Marks `owner` active in the Nairobi weeks of `at` (any number of instants; each week once). */
export async function noteWeeklyActivity(owner: ActivityOwner, at: readonly Date[]): Promise<void> {
  const { ownerId, recipientId, learner } = owner;
  await putActivity(
    { ownerId, recipientId, ...(learner ? { learnerId: learner.learnerId, firstName: learner.firstName } : {}) },
    at.map(weekOf),
  );
}
