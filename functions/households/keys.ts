/**
 * Household items in the single table (docs/data-model.md "Households"). Pure: keys, item
 * builders and the schemas items are parsed with when read. A household is its parent's user id:
 *   household  pk HOUSEHOLD#{parentId}  sk HOUSEHOLD             learnerCount (the limit's counter)
 *   learner    pk HOUSEHOLD#{parentId}  sk LEARNER#{learnerId}   one per child
 * Every learner is read by (household, learner id): a learner id of another household is simply
 * not found, so a route that takes one can never reach another family's child.
 */
import * as z from 'zod';
import { CURRICULA } from './grades-catalog.js';
import { MAX_LEARNERS } from './rules.js';

export const householdPartition = (parentId: string) => `HOUSEHOLD#${parentId}`;
export const LEARNER_PREFIX = 'LEARNER#';
export const householdKey = (parentId: string) => ({ pk: householdPartition(parentId), sk: 'HOUSEHOLD' });
export const learnerKey = (parentId: string, learnerId: string) => ({ pk: householdPartition(parentId), sk: `${LEARNER_PREFIX}${learnerId}` });

export const LearnerItem = z.object({
  learnerId: z.string(),
  parentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  curriculum: z.enum(CURRICULA),
  grade: z.string(),
  school: z.string().optional(),
  subjects: z.array(z.string()).default([]),
  /** The add request's client id (AddLearnerRequest): a retry of it finds this learner. */
  requestId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LearnerItem = z.infer<typeof LearnerItem>;

export function learnerItem(learner: LearnerItem): Record<string, unknown> {
  const { school, requestId, ...rest } = learner;
  return {
    ...learnerKey(learner.parentId, learner.learnerId), entity: 'Learner', ...rest, ...(school ? { school } : {}), ...(requestId ? { requestId } : {}),
  };
}

/** A new learner and the household's count, in one transaction: past the limit neither is written. */
export function learnerAdded(learner: LearnerItem) {
  return [
    { Put: { Item: learnerItem(learner), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        Key: householdKey(learner.parentId),
        UpdateExpression: 'SET entity = :e, parentId = :p ADD learnerCount :one',
        ConditionExpression: 'attribute_not_exists(learnerCount) OR learnerCount < :max',
        ExpressionAttributeValues: { ':e': 'Household', ':p': learner.parentId, ':one': 1, ':max': MAX_LEARNERS },
      },
    },
  ] as const;
}

/** A learner gone and the household's count down by one, in one transaction (only if the learner was there). */
export function learnerRemoved(parentId: string, learnerId: string) {
  return [
    { Delete: { Key: learnerKey(parentId, learnerId), ConditionExpression: 'attribute_exists(pk)' } },
    { Update: { Key: householdKey(parentId), UpdateExpression: 'ADD learnerCount :minus', ExpressionAttributeValues: { ':minus': -1 } } },
  ] as const;
}

/** A learner's details replaced, only if it is there (never recreated by a late edit of a removed one). */
export function learnerChanged(learner: Omit<LearnerItem, 'createdAt'>) {
  return {
    Key: learnerKey(learner.parentId, learner.learnerId),
    UpdateExpression: `SET firstName = :f, lastName = :l, curriculum = :c, grade = :g, subjects = :s, updatedAt = :u ${learner.school ? ', school = :school' : 'REMOVE school'}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: {
      ':f': learner.firstName, ':l': learner.lastName, ':c': learner.curriculum, ':g': learner.grade,
      ':s': learner.subjects, ':u': learner.updatedAt, ...(learner.school ? { ':school': learner.school } : {}),
    },
  };
}
