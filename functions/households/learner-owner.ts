/**
 * Whose items a student-side request reads and writes: the learner's when a parent acts for a
 * child, the caller's own otherwise. Learner ids are random UUIDs minted by households, never a
 * Cognito sub, so a learner's partitions (PROGRESS#, AICHAT#, STUDENTCOURSES#, …) sit beside
 * users' own under the same key shapes and every list stays one Query (docs/data-model.md
 * "Acting for a learner"). Limits that protect money or the platform (AI quotas) stay with the
 * caller: the parent pays for and is limited across all their children.
 */
import type { AuthUser } from '../shared/http.js';
import { learnerOfCaller, type ActingLearner } from './acting-learner.js';
import * as repository from './repository.js';

export interface Owner {
  /** The id the items are kept under: the learner's, or the caller's own. */
  ownerId: string;
  learner: ActingLearner | null;
}

/** Resolves `learnerId` inside the caller's household (404 for any other) and names the owner key. */
export async function ownerOf(user: AuthUser, learnerId: string | undefined): Promise<Owner> {
  const learner = await learnerOfCaller(user, learnerId);
  return { ownerId: learner?.learnerId ?? user.id, learner };
}

/** A learner's full name as certificates print it; null when the learner is no longer in that household. */
export async function learnerFullName(parentId: string, learnerId: string): Promise<string | null> {
  const item = await repository.getLearner(parentId, learnerId);
  return item ? `${item.firstName} ${item.lastName}`.trim() : null;
}
