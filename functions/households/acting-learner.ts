/**
 * For whom a student-side request is made. A parent books, plays and learns FOR one of their
 * children: routes that act for a learner take an optional `learnerId` (LearnerChoice in the
 * contract) and resolve it here, always inside the caller's own household, so another family's
 * learner id is "not found" (404) exactly like an id that never existed. Without a learner id the
 * caller acts for themselves (a student; a parent who has not added a child).
 */
import type { Curriculum } from './grades-catalog.js';
import { NotFound } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
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
  if (learnerId === undefined) return null;
  // Only a parent has learners; anyone else naming one names nothing of theirs.
  const item = user.role === 'parent' ? await repository.getLearner(user.id, learnerId) : null;
  if (!item) throw new NotFound(householdMessages.notFound);
  return {
    learnerId: item.learnerId, parentId: item.parentId, firstName: item.firstName, lastName: item.lastName,
    grade: item.grade, curriculum: item.curriculum,
  };
}
