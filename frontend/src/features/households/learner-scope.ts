/**
 * For pages whose data is kept per learner (games, study assistant, courses, certificates): the
 * `learnerId` to send and whether it is known yet. A parent's list of children loads first, so
 * their pages never read the parent's own items before the chosen child's.
 */
import { useQuery } from '@tanstack/react-query';
import { useActiveLearner } from './active-learner';
import { learnersQuery } from './households-api';

export interface LearnerScope {
  /** The chosen child's id, or undefined: the viewer acts for themselves. */
  learnerId: string | undefined;
  /** False while a parent's children are still loading. */
  ready: boolean;
}

export function useLearnerScope(): LearnerScope {
  const { isParent, learnerId } = useActiveLearner();
  const query = useQuery({ ...learnersQuery(), enabled: isParent });
  return { learnerId, ready: !isParent || query.isSuccess || query.isError };
}

/** A cache key part that tells the viewer's own items from each child's. */
export const scopeKey = (learnerId: string | undefined) => learnerId ?? 'self';
