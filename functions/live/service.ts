/**
 * Live lesson rules (the live session, its states, access, moderator and attendee, the
 * meeting call). The server decides who may do what from the token and the booking; the video
 * provider (functions/live/video.ts) only hosts the room. Provider first, then the record: a
 * provider failure (502) leaves nothing written.
 */
import type { Booking } from '../bookings/contract.js';
import { settleNoShow } from '../bookings/cancel-service.js';
import { effectiveBooking } from '../bookings/rules.js';
import { completeLesson, getBooking } from '../bookings/service.js';
import { learnerOfCaller } from '../households/acting-learner.js';
import { DEFAULT_TIME_ZONE } from '../profiles/contract.js';
import { getProfile } from '../profiles/service.js';
import { config } from '../shared/config.js';
import {
  BusinessRuleViolated, Conflict, DomainError, NotFound, PaymentRequired, ProviderFailed,
} from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';
import { lessonTimeIn } from '../shared/display.js';
import { inLanguage } from '../shared/messages.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import { videoProvider } from './bigbluebutton.js';
import {
  liveMessages, type AttendanceEntry, type CreateLiveSessionRequest, type EndOutcome, type DemoSessionResponse, type JoinLiveSessionResponse,
  type LiveSessionState, type LiveSessionView,
} from './contract.js';
import type { LiveSession } from './keys.js';
import { absentWhenEnded, partiesWhoJoined } from './jobs/lesson-rules.js';
import { liveLeftUrl } from './left-page.js';
import { activateSession, endSession, putNewSession, readLiveSession, recordJoin } from './repository.js';
import {
  accessRefusal, demoMeetingIdFor, demoMeetingNameFor, endRefusal, hasStarted, liveWindow, mayComplete, meetingDurationFor, meetingIdFor,
  meetingNameFor, nextState, outsideWindowNotice, roleIn, viewerActions, windowPosition, type AccessRefusal,
} from './rules.js';
import { VideoProviderError, type CreateMeeting, type MeetingRole, type VideoProvider } from './video.js';

/** How long the provider keeps a demo room open. */
const DEMO_MINUTES = 30;

/** Every join of a booking's class, oldest first (the super admin's lessons list). */
export async function attendanceOf(bookingId: string): Promise<AttendanceEntry[]> {
  return (await readLiveSession(bookingId)).attendance;
}

/**
 * A booking's room as it was (functions/disputes shows it to a super admin deciding a dispute):
 * when it was opened, started and ended (only the tutor, the moderator, can end it), and every join.
 */
export async function liveRecordOf(bookingId: string): Promise<{ session: Pick<LiveSession, 'status' | 'createdAt' | 'startedAt' | 'endedAt'> | null; attendance: AttendanceEntry[] }> {
  const { session, attendance } = await readLiveSession(bookingId);
  return {
    session: session ? { status: session.status, createdAt: session.createdAt, ...(session.startedAt ? { startedAt: session.startedAt } : {}), ...(session.endedAt ? { endedAt: session.endedAt } : {}) } : null,
    attendance,
  };
}

/** Who joined a booking's class, oldest first, and when its tutor ended it (the lessons job settles lessons by these). */
export async function classRecordOf(bookingId: string): Promise<{ attendance: AttendanceEntry[]; endedAt?: string }> {
  const { session, attendance } = await readLiveSession(bookingId);
  return { attendance, ...(session?.endedAt ? { endedAt: session.endedAt } : {}) };
}

/** A booking's session as the caller may see it: what they passed the access checks with, and what is stored. */
interface Opened {
  booking: Omit<Booking, 'lockedHours'>;
  session: LiveSession | null;
  attendance: AttendanceEntry[];
  role: MeetingRole;
  /** The caller's name (as the room shows it), zone and language (for the window's notice). */
  viewer: { name: string; timeZone: string; language: Language };
}

const accessErrors: Record<AccessRefusal, () => DomainError> = {
  not_found: () => new NotFound(liveMessages.bookingNotFound),
  access_denied: () => new DomainError(403, 'access_denied', liveMessages.accessDenied),
  // A booking with no class: its state, not the caller, is what conflicts with opening a room.
  lesson_cancelled: () => new Conflict('lesson_cancelled', liveMessages.lessonCancelled),
  booking_expired: () => new Conflict('booking_expired', liveMessages.bookingExpired),
  payment_refunded: () => new Conflict('payment_refunded', liveMessages.paymentRefunded),
  payment_required: () => new PaymentRequired(liveMessages.paymentRequired),
};
const tutorOnly = () => new DomainError(403, 'tutor_only', liveMessages.onlyTutor);
const sessionEnded = () => new Conflict('session_ended', liveMessages.alreadyEnded);

/** The booking as its readers see it `now`, without the hours it holds. */
async function currentBooking(bookingId: string, now: Date): Promise<Opened['booking'] | null> {
  const found = await getBooking(bookingId);
  if (!found) return null;
  const { lockedHours: _hours, ...booking } = found;
  return effectiveBooking(booking, now);
}

/**
 * The product's order of refusals (404, 403, then 409 for a booking that has no class, then 402), then the
 * session and the caller's profile. The booking as its readers see it `now` (a lapsed hold is expired).
 */
async function openSession(user: AuthUser, bookingId: string, language: Language, now: Date): Promise<Opened> {
  const booking = await currentBooking(bookingId, now);
  // Neither party by id: a child's own login may still be the lesson's learner (one profile read, only then).
  const stranger = booking && booking.studentId !== user.id && booking.tutorId !== user.id && user.role === 'student';
  const linked = stranger ? await learnerOfCaller(user, undefined) : null;
  const refusal = accessRefusal(booking, user.id, linked);
  if (refusal || !booking) throw accessErrors[refusal ?? 'not_found']();
  const [{ session, attendance }, profile] = await Promise.all([readLiveSession(bookingId), getProfile(user.id)]);
  const role = roleIn(booking, user.id);
  const party = role === 'moderator' ? booking.tutor : booking.student;
  const named = profile ?? party;
  // A child's lesson is attended by the child, at the parent's sign-in or their own: the room names the child (first name only, as the tutor knows them).
  const name = role === 'attendee' && booking.learner ? booking.learner.firstName : `${named.firstName} ${named.lastName}`;
  return { booking, session, attendance, role, viewer: { name, timeZone: profile?.timeZone ?? DEFAULT_TIME_ZONE, language } };
}

/** The same, read again after a change (the session and attendance as now stored). */
async function reread(opened: Opened): Promise<Opened> {
  return { ...opened, ...(await readLiveSession(opened.booking.id)) };
}

const stateOf = (session: LiveSession | null): LiveSessionState => session?.status ?? 'not_created';

function viewOf({ booking, session, attendance, role, viewer }: Opened, now: Date): LiveSessionView {
  const state = stateOf(session);
  const window = liveWindow(booking);
  const notice = state === 'ended' ? undefined : outsideWindowNotice(booking, viewer.timeZone, now, viewer.language);
  const actions = viewerActions(state, role, windowPosition(window, now), hasStarted(booking, now));
  // What the tutor's End would do to the lesson now, so the page can say it before they press it.
  const endOutcome = actions.canEnd && mayComplete(booking) ? outcomeOfEnding(booking, attendance, now) : undefined;
  return {
    bookingId: booking.id,
    status: state,
    viewerRole: role,
    booking: {
      subject: booking.subject, scheduledAt: booking.scheduledAt, durationMinutes: booking.durationMinutes,
      totalAmount: booking.totalAmount, currency: booking.currency, status: booking.status, tutor: booking.tutor, student: booking.student,
      ...(booking.learner ? { learner: booking.learner } : {}),
    },
    window: { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() },
    ...actions,
    ...(endOutcome ? { endOutcome } : {}),
    // A field of the view, not the answer's `message`: httpRoute would leave it English.
    ...(notice ? { notice: inLanguage(notice, viewer.language) } : {}),
    ...(session?.createdAt ? { createdAt: session.createdAt } : {}),
    ...(session?.startedAt ? { startedAt: session.startedAt } : {}),
    ...(session?.endedAt ? { endedAt: session.endedAt } : {}),
    attendance,
  };
}

/** 422 with the lesson time in the caller's zone when the class can't be opened now. */
function requireWindow(opened: Opened, now: Date): void {
  const notice = outsideWindowNotice(opened.booking, opened.viewer.timeZone, now, opened.viewer.language);
  if (notice) throw new BusinessRuleViolated('outside_window', notice);
}

/** The provider's refusal or silence is a 502 with the spec's text; nothing has been written yet. */
async function withProvider<T>(failedMessage: string, call: (video: VideoProvider) => Promise<T>): Promise<T> {
  try {
    return await call(videoProvider());
  } catch (error) {
    if (!(error instanceof VideoProviderError)) throw error;
    countBusinessEvent(BusinessMetric.videoProviderFailed);
    throw new ProviderFailed('video_provider_failed', failedMessage);
  }
}

const roomFor = (booking: Opened['booking']): CreateMeeting => ({
  meetingId: meetingIdFor(booking.id),
  name: meetingNameFor(booking),
  logoutUrl: liveLeftUrl(config.appOrigin, booking.id),
  durationMinutes: meetingDurationFor(booking.durationMinutes),
});

export async function liveSessionFor(user: AuthUser, bookingId: string, now = new Date(), language: Language = DEFAULT_LANGUAGE): Promise<LiveSessionView> {
  return viewOf(await openSession(user, bookingId, language, now), now);
}

/**
 * The booking's tutor creates the room, from 15 minutes before the start until the join window
 * closes; `start` (Start Class) makes it active at once. A repeat answers the current state and
 * never moves it back (active stays active); an ended session is not created again.
 */
export async function createLiveSession(user: AuthUser, bookingId: string, request: CreateLiveSessionRequest, now = new Date(), language: Language = DEFAULT_LANGUAGE): Promise<LiveSessionView> {
  const opened = await openSession(user, bookingId, language, now);
  if (opened.role !== 'moderator') throw tutorOnly();
  const next = nextState(stateOf(opened.session), request.start ? 'start' : 'create');
  if (next === 'session_ended') throw sessionEnded();
  requireWindow(opened, now);
  // Creating an existing room again is harmless (the provider's create is idempotent) and brings back one that vanished.
  await withProvider(liveMessages.createFailed, (video) => video.createMeeting(roomFor(opened.booking)));
  const at = now.toISOString();
  const active = next === 'active';
  const isNew = !opened.session && await putNewSession({
    bookingId, status: active ? 'active' : 'created', meetingId: meetingIdFor(bookingId),
    tutorId: opened.booking.tutorId, studentId: opened.booking.studentId, createdAt: at, ...(active ? { startedAt: at } : {}),
  });
  // An existing room (or one a simultaneous request just made) goes live with Start Class; the condition keeps ended ended.
  if (active && !isNew && opened.session?.status !== 'active') await activateSession(bookingId, at);
  return viewOf(await reread(opened), now);
}

/**
 * Either party enters: a signed URL for the role the booking gives them (never a moderator URL
 * to the student), the session becomes active, and the join is recorded (every join, re-joins too).
 */
export async function joinLiveSession(user: AuthUser, bookingId: string, now = new Date(), language: Language = DEFAULT_LANGUAGE): Promise<JoinLiveSessionResponse> {
  const opened = await openSession(user, bookingId, language, now);
  const state = stateOf(opened.session);
  if (state === 'ended') throw sessionEnded();
  requireWindow(opened, now);
  if (!opened.session || nextState(state, 'join') === 'not_started') {
    throw new Conflict('not_started', opened.role === 'moderator' ? liveMessages.createFirst : liveMessages.waitingForTutor);
  }
  const { meetingId } = opened.session;
  const { role, viewer } = opened;
  const joinUrl = await withProvider(liveMessages.joinFailed, async (video) => {
    // Provider rooms close when empty for a while: the tutor's join brings the room back. A
    // student's URL for a room not running yet waits in the provider's lobby for the moderator.
    if (role === 'moderator') await video.createMeeting(roomFor(opened.booking));
    return video.joinUrl({ meetingId, fullName: viewer.name, userId: user.id, role });
  });
  const joined = await recordJoin(bookingId, { userId: user.id, name: viewer.name, role, joinedAt: now.toISOString() });
  // Ended between our read and this write: the URL would lead into a closed room.
  if (!joined) throw sessionEnded();
  return { joinUrl, role, session: viewOf(await reread(opened), now) };
}

/** Completed when both came; otherwise a no-show, settled by who stayed away (absentWhenEnded). */
function outcomeOfEnding(booking: Opened['booking'], attendance: AttendanceEntry[], endedAt: Date): EndOutcome {
  const absent = absentWhenEnded(booking, partiesWhoJoined(booking, attendance), endedAt);
  return absent ? `${absent}_no_show` : 'completed';
}

/**
 * The booking's tutor ends an active session for everyone, from the lesson's scheduled start
 * (before it the lesson has not been given: 422). The lesson is then settled by who came, as of
 * when the class ended: completed when both joined; ended before its scheduled end without the
 * student having joined (or never joined by the tutor), a tutor no-show: the lesson is cancelled
 * and the student refunded in full; kept open until the scheduled end for a student who never
 * came, a student no-show: completed, the tutor paid. A repeat answers the ended state and only
 * finishes what an earlier attempt could not (completeLesson and settleNoShow act once however
 * often they run); once a tutor no-show has cancelled the lesson, its class answers 409 as any
 * cancelled lesson's does.
 */
export async function endLiveSession(user: AuthUser, bookingId: string, now = new Date(), language: Language = DEFAULT_LANGUAGE): Promise<LiveSessionView> {
  const opened = await openSession(user, bookingId, language, now);
  if (opened.role !== 'moderator') throw tutorOnly();
  if (nextState(stateOf(opened.session), 'end') === 'not_active' || !opened.session) throw new Conflict('not_active', liveMessages.notActive);
  if (opened.session.status === 'active') {
    if (endRefusal(opened.booking, now)) {
      throw new BusinessRuleViolated('lesson_not_started', liveMessages.endBeforeStart(lessonTimeIn(opened.booking.scheduledAt, opened.viewer.timeZone, opened.viewer.language)));
    }
    const { meetingId } = opened.session;
    await withProvider(liveMessages.endFailed, (video) => video.endMeeting(meetingId));
    // False only when a simultaneous end got there first: ended either way, counted once.
    if (await endSession(bookingId, now.toISOString())) countBusinessEvent(BusinessMetric.liveClassEnded);
  }
  const ended = await reread(opened);
  if (!mayComplete(opened.booking)) return viewOf(ended, now);
  // Who had joined when it ended (a join racing the end is in or refused), as of when it ended (a repeat settles the first end).
  const endedAt = ended.session?.endedAt ? new Date(ended.session.endedAt) : now;
  const outcome = outcomeOfEnding(opened.booking, ended.attendance, endedAt);
  if (outcome === 'completed') await completeLesson(bookingId, 'ended_by_tutor', now);
  else await settleNoShow(opened.booking, outcome === 'tutor_no_show' ? 'tutor' : 'student', now);
  // The booking as settled, so the answer says what became of the lesson.
  return viewOf({ ...ended, booking: (await currentBooking(bookingId, now)) ?? opened.booking }, now);
}

/**
 * The demo room (/live-tutoring/demo-session): a private room per user, where they are the
 * moderator of their own class. Nothing is written anywhere.
 */
export async function joinDemoSession(user: AuthUser): Promise<DemoSessionResponse> {
  const profile = await getProfile(user.id);
  const firstName = profile?.firstName ?? 'Guest';
  const fullName = profile ? `${profile.firstName} ${profile.lastName}` : firstName;
  const meetingId = demoMeetingIdFor(user.id);
  const meetingName = demoMeetingNameFor(firstName);
  const joinUrl = await withProvider(liveMessages.joinFailed, async (video) => {
    await video.createMeeting({ meetingId, name: meetingName, logoutUrl: liveLeftUrl(config.appOrigin, 'demo-session'), durationMinutes: DEMO_MINUTES });
    return video.joinUrl({ meetingId, fullName, userId: user.id, role: 'moderator' });
  });
  return { joinUrl, role: 'moderator', meetingName };
}
