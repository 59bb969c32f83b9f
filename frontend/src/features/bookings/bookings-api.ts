/**
 * Booking and payment calls by route name (types only from the contracts: no zod on the pages
 * that use this), and the mutations, each invalidating what it changes.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingRequest } from '@functions/bookings/contract';
import { callApi } from '../../shared/api';
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

/** A new booking holds the tutor's hours: the caller's bookings and that tutor's open times change. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBookingRequest) => callApi('createBooking', { body }),
    onSuccess: (_created, { tutorId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: tutorKeys.slots(tutorId) }),
      ]),
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
