/**
 * What the live lesson page shows (live session states, access, texts): the status
 * label, which buttons each side gets in each state, how a refused load reads and where it
 * leads, and when to ask the server again. Pure and zod-free (types only from the contract), so
 * the rules are unit-tested and the page chunk stays small. The server decides what the caller
 * may do (`canCreate`, `canJoin`, `canEnd`); the page also keeps to the spec's states, so a stale
 * answer never offers End Session before the class is live.
 */
import type { LiveSessionState, LiveSessionView } from '@functions/live/contract';
import { ApiError } from '../../shared/api';
import { paths } from '../../shared/paths';
import type { LiveText } from './text';

/** Navigation state of a link to the lesson page: `join` opens the classroom as soon as it can. */
export interface LiveLinkState {
  join?: boolean;
}

/** How often the page asks for the state while the other party can still change it. */
export const POLL_MS = 4000;

type Polled = Pick<LiveSessionView, 'status' | 'viewerRole'>;

/**
 * Ask again every few seconds while the other party can move the state on: a student until the
 * class has ended (the tutor starts and ends it), a tutor once the room exists (the attendance
 * list fills as the student joins). Nothing changes a tutor's not-yet-created room but the tutor.
 */
export function pollInterval(session: Polled | undefined): number | false {
  if (!session || session.status === 'ended') return false;
  if (session.viewerRole === 'moderator' && session.status === 'not_created') return false;
  return POLL_MS;
}

export type LiveTone = 'pending' | 'neutral' | 'success' | 'muted';

/**
 * The status badge: the spec's label (Ready to Start, Meeting Ready, Live Session, Session Ended;
 * functions/live/messages.ts LIVE_SESSION_LABELS in English).
 */
export function liveStatusBadge(status: LiveSessionState, t: LiveText): { label: string; tone: LiveTone } {
  const tone: Record<LiveSessionState, LiveTone> = { not_created: 'pending', created: 'neutral', active: 'success', ended: 'muted' };
  return { label: t(`label.${status}`), tone: tone[status] };
}

export interface LiveActions {
  /** The student before the tutor has opened the room: "Waiting for tutor to start the session...". */
  waiting: boolean;
  /** Create meeting: the booking's tutor, before the room exists. */
  create: boolean;
  /** Join: either party, once the room exists and until it ends. */
  join: boolean;
  /** End Session: the tutor, only while the class is live. */
  end: boolean;
}

type Decided = Pick<LiveSessionView, 'status' | 'viewerRole' | 'canCreate' | 'canJoin' | 'canEnd'> & { window?: { opensAt: string } };

/**
 * Before the class's window opens nobody is waiting for anyone: the server's notice says when it
 * opens, and a spinner or "Start the meeting" hint beside it would contradict it.
 */
export function beforeWindow(session: { window?: { opensAt: string } }, now = Date.now()): boolean {
  return session.window !== undefined && Date.parse(session.window.opensAt) > now;
}

export function liveActions(session: Decided, now = Date.now()): LiveActions {
  const tutor = session.viewerRole === 'moderator';
  const open = session.status === 'created' || session.status === 'active';
  return {
    waiting: !tutor && session.status === 'not_created' && !beforeWindow(session, now),
    create: tutor && session.status === 'not_created' && session.canCreate,
    join: open && session.canJoin,
    end: tutor && session.status === 'active' && session.canEnd,
  };
}

/** A sentence under the status saying what happens next, per side and state. */
export function stateHint(
  session: Pick<LiveSessionView, 'status' | 'viewerRole'> & { canEnd?: boolean; window?: { opensAt: string } },
  t: LiveText,
  now = Date.now(),
): string {
  const tutor = session.viewerRole === 'moderator';
  switch (session.status) {
    case 'not_created':
      if (beforeWindow(session, now)) return '';
      return t(tutor ? 'hint.tutor.not_created' : 'waitingForTutor');
    case 'created':
      return t(tutor ? 'hint.tutor.created' : 'hint.student.created');
    case 'active':
      // Live before the lesson's start: End comes once the start time has (the server's canEnd).
      if (tutor && session.canEnd === false) return t('hint.tutor.activeEarly');
      return t(tutor ? 'hint.tutor.active' : 'hint.student.active');
    case 'ended':
      return t(tutor ? 'hint.tutor.ended' : 'hint.student.ended');
  }
}

/** Why the session could not be loaded, in the access checks' order and words (liveMessages in English). */
export type LoadRefusal =
  /** Shown (as a toast) while the page goes where the spec sends the user. */
  | { kind: 'redirect'; to: string; message: string }
  /** Shown on the page, with the way back (My Bookings for a lesson that has no class, else the dashboard). */
  | { kind: 'card'; title: string; text: string; retry: boolean; back?: 'myBookings' };

/** The server's 409 codes for a booking that has no class (cancelled, expired, refunded), with the card's title. */
const NO_CLASS_TITLES = {
  lesson_cancelled: 'refusal.cancelledTitle',
  booking_expired: 'refusal.expiredTitle',
  payment_refunded: 'refusal.refundedTitle',
} as const;

/**
 * The lesson has no class any more: final, whatever the page last showed (a student's page
 * polling while the tutor's early End cancels the lesson shows this, not the stale classroom).
 */
export function hasNoClass(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code in NO_CLASS_TITLES;
}

export function loadRefusal(error: unknown, t: LiveText): LoadRefusal {
  if (hasNoClass(error)) {
    const title = NO_CLASS_TITLES[error.code as keyof typeof NO_CLASS_TITLES];
    // The server's text says why, in the viewer's language.
    return { kind: 'card', title: t(title), text: error.message, retry: false, back: 'myBookings' };
  }
  if (error instanceof ApiError) {
    // A link that can't name a booking (400 on the id) is as good as an unknown one.
    if (error.namesNothing) return { kind: 'redirect', to: paths.dashboard, message: t('refusal.notFound') };
    if (error.status === 403) return { kind: 'card', title: t('refusal.deniedTitle'), text: t('refusal.denied'), retry: false };
    if (error.status === 402) return { kind: 'redirect', to: paths.myBookings, message: t('refusal.paymentRequired') };
  }
  return { kind: 'card', title: t('refusal.loadFailed'), text: t('refusal.checkConnection'), retry: true };
}

/** Attendance, latest join first, one line per join. */
export function attendanceLines(
  attendance: LiveSessionView['attendance'],
  clock: (iso: string) => string,
  t: LiveText,
): Array<{ key: string; name: string; role: string; at: string }> {
  return [...attendance]
    .sort((a, b) => Date.parse(b.joinedAt) - Date.parse(a.joinedAt))
    .map((entry) => ({
      key: `${entry.userId}-${entry.joinedAt}`,
      name: entry.name,
      role: t(entry.role === 'moderator' ? 'role.tutor' : 'role.student'),
      at: clock(entry.joinedAt),
    }));
}

/** "Failed to join meeting", with the server's own reason when it gave one (e.g. when the class opens). */
export function liveFailure(text: string, error: unknown): string {
  return error instanceof ApiError && error.fromServer ? `${text}: ${error.message}` : text;
}

/**
 * The End dialog's text: what ending now does to the lesson (the server's endOutcome). Before a
 * no-show the tutor is told plainly that the lesson will not be paid.
 */
export function endDialogText(
  session: Pick<LiveSessionView, 'endOutcome' | 'attendance'>, studentName: string, t: LiveText,
): { title: string; text: string } {
  switch (session.endOutcome) {
    case 'tutor_no_show': {
      // Almost always the student is missing; rarely the tutor never entered the room themself.
      const tutorIn = session.attendance.some((entry) => entry.role === 'moderator');
      return { title: t('endDialog.noStudentTitle', { name: studentName }), text: t(tutorIn ? 'endDialog.noStudent' : 'endDialog.tutorNotIn', { name: studentName }) };
    }
    case 'student_no_show':
      return { title: t('endDialog.title'), text: t('endDialog.studentAbsent', { name: studentName }) };
    default:
      return { title: t('endDialog.title'), text: t('endDialog.text') };
  }
}

/** The toast after End: what became of the lesson (the answer's booking status). */
export function endedToast(bookingStatus: string, studentName: string, t: LiveText): string {
  return bookingStatus === 'cancelled' ? t('toast.endedNotHeld', { name: studentName }) : t('toast.ended');
}
