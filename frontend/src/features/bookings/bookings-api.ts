/**
 * Booking and payment calls (types only from the contract: no zod on the pages that use this).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  Booking, BookingList, CreateBookingRequest, InitializePaymentResponse, TutorStats, VerifyPaymentResponse,
} from '@functions/bookings/contract';
import { api } from '../../shared/api';

/** Everything cached about the signed-in user's bookings; invalidate this after a change. */
export const BOOKINGS_KEY = ['bookings'] as const;

export const myBookingsQuery = () =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'mine'] as const,
    queryFn: ({ signal }) => api<BookingList>('/api/bookings', { auth: true, signal }),
    select: (data) => data.bookings,
    // A payment may confirm by webhook while the page is open elsewhere.
    refetchOnWindowFocus: true,
  });

export const tutorStatsQuery = () =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'tutor-stats'] as const,
    queryFn: ({ signal }) => api<TutorStats>('/api/tutor/stats', { auth: true, signal }),
  });

export const createBooking = (body: CreateBookingRequest) =>
  api<{ booking: Booking }>('/api/bookings', { method: 'POST', body, auth: true });

export const initializePayment = (bookingId: string) =>
  api<InitializePaymentResponse>('/api/payments/initialize', { method: 'POST', body: { bookingId }, auth: true });

export const verifyPayment = (reference: string, signal?: AbortSignal) =>
  api<VerifyPaymentResponse>('/api/payments/verify', { method: 'POST', body: { reference }, auth: true, signal });
