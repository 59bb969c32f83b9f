/**
 * A refund of a lesson's payment before the lesson is held cancels the lesson (payments'
 * refund-service.ts calls this when a super admin refunds a listed payment): the student is getting
 * the money back, so the tutor's hour must not stay booked for a lesson nobody pays for. The
 * booking's cancel, its freed hours and the refund's request are ONE transaction, written by
 * payments' recordRefundRequest with the items built here; BookingCancelled then tells both
 * parties. Refunds of a lesson already held (or under way) leave the booking as it is.
 */
import { publishEvent } from '../shared/events.js';
import type { Booking } from './contract.js';
import { bookingKey, hourLockReleasedDelete, type StoredBooking } from './keys.js';
import { hoursStillHeld } from './repository.js';

type Cancellation = NonNullable<Booking['cancellation']>;

/** The reason kept on the booking (the e-mails say it in each reader's language: refundedBySupport). */
export const REFUNDED_BY_SUPPORT = 'Refunded by support';

/** A lesson a refund cancels: as read, with the hours it still holds and the cancellation to write. */
export interface RefundCancel {
  booking: Omit<Booking, 'refund'>;
  hours: string[];
  cancellation: Cancellation;
}

/** Only a paid, confirmed lesson that has not started yet is cancelled by its refund. */
export const isCancelledByRefund = (booking: Pick<Booking, 'status' | 'paymentStatus' | 'scheduledAt'>, now: Date): boolean =>
  booking.status === 'confirmed' && booking.paymentStatus === 'paid' && now.getTime() < Date.parse(booking.scheduledAt);

/** What refunding this booking's own payment now cancels (the booking as just read), or null when the lesson stays as it is. */
export async function cancelForRefund(found: StoredBooking, now: Date): Promise<RefundCancel | null> {
  if (!isCancelledByRefund(found, now)) return null;
  const { lockedHours, ...booking } = found;
  return {
    booking,
    hours: await hoursStillHeld(booking.tutorId, lockedHours, booking.id),
    cancellation: { by: 'system', at: now.toISOString(), reason: REFUNDED_BY_SUPPORT, refundDue: true },
  };
}

/**
 * The transaction items (callers add TableName): the booking becomes cancelled with the refund
 * recorded on it (one Update: a transaction names an item once), only if it is still the paid,
 * confirmed lesson at the time read, with no refund under way; and each hour it held is freed.
 */
export function refundCancelItems(plan: RefundCancel, refund: NonNullable<Booking['refund']>) {
  return [
    {
      Update: {
        Key: bookingKey(plan.booking.id),
        UpdateExpression: 'SET #s = :cancelled, cancellation = :c, refund = :r',
        ConditionExpression: '#s = :confirmed AND paymentStatus = :paid AND scheduledAt = :at AND (attribute_not_exists(refund) OR refund.#s = :failed)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':cancelled': 'cancelled', ':c': plan.cancellation, ':r': refund,
          ':confirmed': 'confirmed', ':paid': 'paid', ':at': plan.booking.scheduledAt, ':failed': 'failed',
        },
      },
    },
    ...plan.hours.map((start) => ({ Delete: hourLockReleasedDelete(plan.booking.tutorId, start, plan.booking.id) })),
  ];
}

/** After the transaction: both parties are told (notifications' BookingCancelled e-mails); the ledger waits for the refund. */
export async function announceCancelForRefund(plan: RefundCancel): Promise<void> {
  const { booking, cancellation } = plan;
  await publishEvent('BookingCancelled', {
    bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId, subject: booking.subject,
    scheduledAt: booking.scheduledAt, durationMinutes: booking.durationMinutes, by: 'system', reason: REFUNDED_BY_SUPPORT,
    refundDue: true, paid: true, refundedBySupport: true, occurredAt: cancellation.at,
  });
}
