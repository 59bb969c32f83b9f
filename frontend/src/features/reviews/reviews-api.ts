/**
 * Review calls by route name (types only from the contracts) and the mutations, each
 * invalidating what it changes: the lists and the tutor's figures (profile, browse cards).
 */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteReviewRequest } from '@functions/reviews/contract';
import { callApi } from '../../shared/api';
import { tutorKeys } from '../tutors';
import { reviewKeys } from './keys';

export const REVIEWS_PAGE_SIZE = 5;

export const myReviewsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.mine,
    queryFn: ({ signal }) => callApi('listMyReviews', { signal }),
    select: (data) => data.reviews,
  });

export const tutorReviewsQuery = (tutorId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.tutor(tutorId),
    queryFn: ({ pageParam, signal }) =>
      callApi('listTutorReviews', {
        params: { tutorId }, query: { limit: REVIEWS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

/** A written or edited review moves the tutor's rating: their public reads refresh too. */
function useReviewChange<V extends { tutorId: string }, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_answer, { tutorId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.mine }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.tutor(tutorId) }),
        queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
      ]),
  });
}

type ReviewVars = { bookingId: string; tutorId: string; body: WriteReviewRequest };

export const useWriteReview = () =>
  useReviewChange(({ bookingId, body }: ReviewVars) => callApi('writeReview', { params: { bookingId }, body }));

export const useUpdateReview = () =>
  useReviewChange(({ bookingId, body }: ReviewVars) => callApi('updateReview', { params: { bookingId }, body }));

export const useReplyToReview = () =>
  useReviewChange(({ bookingId, text }: { bookingId: string; tutorId: string; text: string }) =>
    callApi('replyToReview', { params: { bookingId }, body: { text } }));

export const useHideReview = () =>
  useReviewChange(({ bookingId, reason }: { bookingId: string; tutorId: string; reason: string }) =>
    callApi('hideReview', { params: { bookingId }, body: { reason } }));
