/**
 * Weekly lesson plan calls by route name (types only from the contracts), and the set-up
 * mutation, which invalidates what it changes: the family's plans and bookings, and the tutor's
 * open times (the plan's lessons hold them).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePlanRequest, QuotePlanRequest } from '@functions/plans/contract';
import { callApi } from '../../shared/api';
import { bookingKeys } from '../bookings';
import { tutorKeys } from '../tutors';
import { planKeys } from './keys';

export const myPlansQuery = () =>
  queryOptions({
    queryKey: planKeys.mine,
    queryFn: ({ signal }) => callApi('myPlans', { signal }),
    select: (data) => data.plans,
    // An instalment may be confirmed by webhook while the page is open elsewhere.
    refetchOnWindowFocus: true,
  });

/** The quote of one choice: read again only when asked (a quote holds nothing, it only informs). */
export const planQuoteQuery = (input: QuotePlanRequest) =>
  queryOptions({
    queryKey: planKeys.quote(input),
    queryFn: ({ signal }) => callApi('quotePlan', { body: input, signal }),
    select: (data) => data.quote,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useCreatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanRequest) => callApi('createPlan', { body }),
    onSettled: (_answer, _error, { tutorId }) => {
      void client.invalidateQueries({ queryKey: planKeys.all });
      void client.invalidateQueries({ queryKey: bookingKeys.all });
      void client.invalidateQueries({ queryKey: tutorKeys.slots(tutorId) });
    },
  });
}

/** The tutor's plans and secured weeks (the tutor dashboard's Bookings tab). */
export const tutorPlansQuery = () =>
  queryOptions({
    queryKey: planKeys.tutor,
    queryFn: ({ signal }) => callApi('tutorPlans', { signal }),
    refetchOnWindowFocus: true,
  });

/** The tutor declines a plan before its first payment; its lessons leave the tutor's bookings and hours. */
export function useDeclinePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, reason }: { planId: string; reason?: string | undefined }) =>
      callApi('declinePlan', { params: { planId }, body: reason ? { reason } : {} }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: planKeys.all });
      void client.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

/**
 * What ending the family's plan now would do, computed by the server (the confirmation shows it):
 * read afresh each time the confirmation opens, as a lesson may have slipped inside the window.
 */
export const planEndingQuery = (planId: string) =>
  queryOptions({
    queryKey: planKeys.ending(planId),
    queryFn: ({ signal }) => callApi('planEnding', { params: { planId }, signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The family ends its plan: its lessons leave the family's bookings and the tutor's hours free up. */
export function useEndPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, reason }: { planId: string; reason?: string | undefined }) =>
      callApi('endPlan', { params: { planId }, body: reason ? { reason } : {} }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: planKeys.all });
      void client.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

/** What pausing those weeks now would do, computed by the server (the pause dialog shows it). */
export const planPauseQuery = (planId: string, from: string, weeks: number) =>
  queryOptions({
    queryKey: planKeys.pause(planId, from, weeks),
    queryFn: ({ signal }) => callApi('planPause', { params: { planId }, query: { from, weeks }, signal }),
    select: (data) => data.pause,
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The family pauses weeks of its plan: those lessons leave its bookings and the tutor's hours free up. */
export function usePausePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, from, weeks }: { planId: string; from: string; weeks: number }) =>
      callApi('pausePlan', { params: { planId }, body: { from, weeks } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: planKeys.all });
      void client.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}
