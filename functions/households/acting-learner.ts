/**
 * For whom a student-side request is made. A parent books, plays and learns FOR one of their
 * children: routes that act for a learner take an optional `learnerId` (LearnerChoice in the
 * contract) and resolve it here, always inside the caller's own household, so another family's
 * learner id is "not found" (404) exactly like an id that never existed. Without a learner id the
 * caller acts for themselves (a student; a parent who has not added a child).
 *
 * A student whose login is linked to a learner (logins-service.ts) always acts as that learner,
 * whatever learner id they send: their lessons, games and courses are the learner's.
 */
import type { Curriculum } from './grades-catalog.js';
import { getProfile } from '../profiles/service.js';
import { NotFound } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import type { LearnerItem } from './keys.js';
import * as repository from './repository.js';
import { householdMessages } from './rules.js';

export interface ActingLearner {
  learnerId: string;
  /** The household: the parent who pays and is the contact. */
  parentId: string;
  firstName: string;
  lastName: string;
  grade: string;
  curriculum: Curriculum;
}

/** The caller's learner named by `learnerId`, or null when the caller acts for themselves. */
export async function learnerOfCaller(user: AuthUser, learnerId: string | undefined): Promise<ActingLearner | null> {
  if (user.role === 'student') {
    const linked = await linkedLearnerOf(user.id);
    if (linked) return linked;
  }
  if (learnerId === undefined) return null;
  // Only a parent has learners; anyone else naming one names nothing of theirs.
  const item = user.role === 'parent' ? await repository.getLearner(user.id, learnerId) : null;
  if (!item) throw new NotFound(householdMessages.notFound);
  return acting(item);
}

/** The learner a student's login is linked to, or null (not linked; or the link's learner is gone). */
async function linkedLearnerOf(userId: string): Promise<ActingLearner | null> {
  const profile = await getProfile(userId);
  if (!profile?.parentId || !profile.learnerId) return null;
  const item = await repository.getLearner(profile.parentId, profile.learnerId);
  return item?.userId === userId ? acting(item) : null;
}

function acting(item: LearnerItem): ActingLearner {
  return {
    learnerId: item.learnerId, parentId: item.parentId, firstName: item.firstName, lastName: item.lastName,
    grade: item.grade, curriculum: item.curriculum,
  };
}
