/** Booking facts with no I/O and no zod, shared by the API and light SPA pages. */

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;

export const DURATIONS = [60, 90, 120] as const;
export type Duration = (typeof DURATIONS)[number];

/** Subjects offered when a tutor lists none (28 defaults). */
export const DEFAULT_BOOKING_SUBJECTS = [
  'Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Kiswahili', 'History', 'Geography',
  'Computer Science', 'Programming', 'Business Studies', 'Economics', 'Accounting', 'Agriculture',
  'Religious Education', 'Literature', 'French', 'German', 'Spanish', 'Arabic', 'Music', 'Art and Design',
  'Home Science', 'Statistics', 'Further Mathematics', 'Physical Education', 'Creative Writing', 'Public Speaking',
] as const;

/** total_amount = duration_minutes / 60 × hourly_rate; charged in minor units (cents). */
export function bookingAmount(durationMinutes: number, hourlyRate: number): { totalAmount: number; amountMinor: number } {
  const amountMinor = Math.round((durationMinutes * hourlyRate * 100) / 60);
  return { totalAmount: amountMinor / 100, amountMinor };
}

/**
 * "Upcoming": confirmed or paid, and in the future. A lesson already held (a tutor may
 * start a class 15 minutes early and end it before its hour) or cancelled is not to come.
 */
export function isUpcoming(b: { status: string; paymentStatus: string; scheduledAt: string }, now = new Date()): boolean {
  if (b.status === 'completed' || b.status === 'cancelled') return false;
  return (b.status === 'confirmed' || b.paymentStatus === 'paid') && Date.parse(b.scheduledAt) > now.getTime();
}

/** Hours before a lesson when a student can no longer cancel for a refund or propose a new time (policy-window.ts). */
export const DEFAULT_CANCELLATION_WINDOW_HOURS = 12;

/**
 * Bookings a student may start per hour: each holds a tutor's hours until paid, so a script
 * could otherwise hold a tutor's whole week. A family booking a term's lessons stays well inside.
 */
export const BOOKING_RATE_LIMIT = { group: 'bookings', per: 'user', limit: 30, windowSeconds: 3600 } as const;
