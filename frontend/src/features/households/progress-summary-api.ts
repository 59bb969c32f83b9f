/** One learner's progress card for the parent dashboard (GET /api/me/learners/{learnerId}/progress). */
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../shared/api';

/** Outside `households` keys: switching the header's child refreshes every other query, this one included. */
export const learnerProgressKeys = {
  all: ['learner-progress'] as const,
  one: (learnerId: string) => ['learner-progress', learnerId] as const,
};

export const learnerProgressQuery = (learnerId: string) =>
  queryOptions({
    queryKey: learnerProgressKeys.one(learnerId),
    queryFn: ({ signal }) => callApi('getLearnerProgress', { params: { learnerId }, signal }),
  });
