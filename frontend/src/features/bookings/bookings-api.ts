/**
 * Booking and payment calls by route name (types only from the contracts: no zod on the pages
 * that use this), and the mutations, each invalidating what it changes.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, CreateBookingRequest } from '@functions/bookings/contract';
import { ApiError, callApi } from '../../shared/api';
import { tutorKeys } from '../tutors';
import { bookingKeys } from './keys';

export const myBookingsQuery = () =>
  queryOptions({
    queryKey: bookingKeys.mine,
    queryFn: ({ signal }) => callApi('listBookings', { signal }),
    select: (data) => data.bookings,
    // A payment may confirm by webhook while the page is open elsewhere.
    refetchOnWindowFocus: true,
  });

export const tutorStatsQuery = () =>
  queryOptions({
    queryKey: bookingKeys.tutorStats,
    queryFn: ({ signal }) => callApi('tutorStats', { signal }),
  });

/** Refusals that mean the chosen start is no longer free: the open times shown are stale. */
export const SLOT_ERRORS: ReadonlySet<string> = new Set(['slot_taken', 'slot_unavailable']);

/**
 * A new booking holds the tutor's hours: the caller's bookings and that tutor's open times
 * change. A refusal because the time was taken meanwhile leaves the open times stale too.
 */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  const invalidateSlots = (tutorId: string) => queryClient.invalidateQueries({ queryKey: tutorKeys.slots(tutorId) });
  return useMutation({
    mutationFn: (body: CreateBookingRequest) => callApi('createBooking', { body }),
    // Not awaited: the student is on the way to pay, the lists refresh behind.
    onSuccess: (_created, { tutorId }) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void invalidateSlots(tutorId);
    },
    onError: (error, { tutorId }) => {
      if (error instanceof ApiError && SLOT_ERRORS.has(error.code)) void invalidateSlots(tutorId);
    },
  });
}

/**
 * Asks the provider about a payment and applies the answer: the booking may now be paid or
 * failed, so the booking lists (and a tutor's figures) are read again, whatever the outcome.
 */
export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, signal }: { reference: string; signal?: AbortSignal }) =>
      callApi('verifyPayment', { body: { reference }, signal }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/**
 * Cancels a booking: the lists, the tutor's figures and that tutor's open times all change
 * (its hours are free again).
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, reason }: { bookingId: string; tutorId: string; reason?: string }) =>
      callApi('cancelBooking', { params: { bookingId }, body: reason ? { reason } : {} }),
    onSettled: (_answer, _error, { tutorId }) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: tutorKeys.slots(tutorId) });
    },
  });
}

/**
 * Moving a paid lesson: propose a new start, or answer the open proposal. Either changes the
 * booking lists, and an accepted move the tutor's open times (old hour freed, new one taken).
 */
export function useRescheduleStep(booking: Pick<Booking, 'id' | 'tutorId'>) {
  const queryClient = useQueryClient();
  const params = { bookingId: booking.id };
  return useMutation({
    mutationFn: (step: { action: 'propose'; start: string } | { action: 'accept' | 'decline' | 'withdraw' }) => {
      switch (step.action) {
        case 'propose': return callApi('proposeReschedule', { params, body: { start: step.start } });
        case 'accept': return callApi('acceptReschedule', { params });
        case 'decline': return callApi('declineReschedule', { params });
        case 'withdraw': return callApi('withdrawReschedule', { params });
      }
    },
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      queryClient.invalidateQueries({ queryKey: tutorKeys.slots(booking.tutorId) }),
    ]),
  });
}
