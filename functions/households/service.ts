/**
 * A parent's learners: list, add, change, remove. The household is always the caller's own user
 * id (the server decides, never the request), so a learner id from another household is "not
 * found" here, exactly as an id that never existed: another parent learns nothing (404, not 403).
 */
import { createHash, randomUUID } from 'node:crypto';
import { BusinessRuleViolated, NotFound } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { AddLearnerRequest, LearnerDetails, type Learner, type LearnerDetailsInput } from './contract.js';
import { PRIVACY_POLICY_VERSION, type ConsentsResponse } from './consent.js';
import type { LearnerItem } from './keys.js';
import * as repository from './repository.js';
import { householdMessages, MAX_LEARNERS } from './rules.js';

const notFound = () => new NotFound(householdMessages.notFound);

export function toLearner(item: LearnerItem): Learner {
  return {
    id: item.learnerId, firstName: item.firstName, lastName: item.lastName, curriculum: item.curriculum, grade: item.grade,
    ...(item.school ? { school: item.school } : {}), subjects: item.subjects, hasLogin: Boolean(item.userId), createdAt: item.createdAt, updatedAt: item.updatedAt,
  };
}

export async function listLearners(user: AuthUser): Promise<{ learners: Learner[]; limit: number }> {
  return { learners: (await repository.householdLearners(user.id)).map(toLearner), limit: MAX_LEARNERS };
}

export async function getLearner(user: AuthUser, learnerId: string): Promise<Learner> {
  const item = await repository.getLearner(user.id, learnerId);
  if (!item) throw notFound();
  return toLearner(item);
}

/** The user id of the learner's own login (logins-service.ts), or null: none, or no such learner in the household. */
export async function learnerLoginOf(parentId: string, learnerId: string): Promise<string | null> {
  return (await repository.getLearner(parentId, learnerId))?.userId ?? null;
}

/**
 * The learner id an add request makes: derived from the household and the request's client id, so
 * a retry (or the same request twice at once) writes to the same key and the second one finds the
 * first's learner instead of adding another. Without a request id every add is a new learner.
 */
function learnerIdFor(parentId: string, requestId: string | undefined): string {
  if (!requestId) return randomUUID();
  const hex = createHash('sha256').update(`${parentId}\n${requestId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Adds a learner; the same request id again returns the learner it added (`added` false), whatever the details say. */
export async function addLearner(user: AuthUser, input: AddLearnerRequest, now = new Date()): Promise<{ learner: Learner; added: boolean }> {
  const { requestId, ...details } = AddLearnerRequest.parse(input);
  const at = now.toISOString();
  const item: LearnerItem = {
    learnerId: learnerIdFor(user.id, requestId), parentId: user.id, ...details, ...(requestId ? { requestId } : {}), createdAt: at, updatedAt: at,
  };
  const outcome = await repository.addLearner(item);
  if (outcome === 'limit') throw new BusinessRuleViolated('learner_limit', householdMessages.limitReached);
  if (outcome === 'exists') {
    const earlier = await repository.getLearner(user.id, item.learnerId);
    // Added and removed again between the two reads: the request's child is gone, as the parent asked.
    if (!earlier) throw notFound();
    return { learner: toLearner(earlier), added: false };
  }
  return { learner: toLearner(item), added: true };
}

export async function updateLearner(user: AuthUser, learnerId: string, input: LearnerDetailsInput, now = new Date()): Promise<Learner> {
  const details = LearnerDetails.parse(input);
  const changed = await repository.changeLearner({ learnerId, parentId: user.id, ...details, updatedAt: now.toISOString() });
  if (!changed) throw notFound();
  return toLearner(changed);
}

export async function removeLearner(user: AuthUser, learnerId: string): Promise<void> {
  if (!await repository.removeLearner(user.id, learnerId)) throw notFound();
}

/** The parent's consent records (consent.ts), and the policy version consents are given to now. */
export async function listConsents(user: AuthUser): Promise<ConsentsResponse> {
  return { consents: await repository.householdConsents(user.id), policyVersion: PRIVACY_POLICY_VERSION };
}
