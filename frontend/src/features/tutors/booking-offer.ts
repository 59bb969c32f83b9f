/**
 * What a viewer can do about booking a tutor, so browse cards and the profile only offer what
 * will work: students (and visitors, who are sent to sign in) book verified tutors; nobody books
 * an unverified one; tutors and admins can't book at all (the booking pages would deny them); a
 * student linked to a household is told to ask their parent, who books and pays for them.
 * Pure (no React), so it is unit-tested.
 */
import { actsAsStudent } from '@functions/auth/roles-catalog';
import { type Viewer } from '../auth';

export type { Viewer };

export type BookingOffer =
  /** Book Now (a visitor is asked to sign in first). */
  | 'book'
  /** A "Not yet bookable" note instead of the button. */
  | 'not-bookable'
  /** View Profile only. */
  | 'none'
  /** A linked learner: "Ask your parent to book" (the booking routes refuse them: households/payer.ts). */
  | 'ask-parent'
  /** A student under 18 waiting for a parent's approval: booking stays closed until then (households/payer.ts). */
  | 'wait-parent'
  | 'wait';

export function bookingOffer(viewer: Viewer, tutor: { id: string; verified: boolean }): BookingOffer {
  if (viewer.kind === 'loading') return 'wait';
  if (viewer.kind === 'user' && !actsAsStudent(viewer.role)) return 'none';
  if (viewer.kind === 'user' && viewer.linked && tutor.verified) return 'ask-parent';
  if (viewer.kind === 'user' && viewer.waitingForParent && tutor.verified) return 'wait-parent';
  return tutor.verified ? 'book' : 'not-bookable';
}
