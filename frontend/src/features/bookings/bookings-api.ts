/**
 * Booking and payment calls (types only from the contract: no zod on the pages that use this).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  Booking, BookingList, CreateBookingRequest, InitializePaymentResponse, TutorStats, VerifyPaymentResponse,
} from '@functions/bookings/contract';
import { api } from '../../shared/api';
import { bookingKeys } from './keys';

export const myBookingsQuery = () =>
  queryOptions({
    queryKey: bookingKeys.mine,
    queryFn: ({ signal }) => api<BookingList>('/api/bookings', { auth: true, signal }),
    select: (data) => data.bookings,
    // A payment may confirm by webhook while the page is open elsewhere.
    refetchOnWindowFocus: true,
  });

export const tutorStatsQuery = () =>
  queryOptions({
    queryKey: bookingKeys.tutorStats,
    queryFn: ({ signal }) => api<TutorStats>('/api/tutor/stats', { auth: true, signal }),
  });

export const createBooking = (body: CreateBookingRequest) =>
  api<{ booking: Booking }>('/api/bookings', { method: 'POST', body, auth: true });

export const initializePayment = (bookingId: string) =>
  api<InitializePaymentResponse>('/api/payments/initialize', { method: 'POST', body: { bookingId }, auth: true });

export const verifyPayment = (reference: string, signal?: AbortSignal) =>
  api<VerifyPaymentResponse>('/api/payments/verify', { method: 'POST', body: { reference }, auth: true, signal });
