/**
 * Live lessons contract (live sessions, states and labels, access, the meeting call),
 * shared by the API and the SPA. A live session belongs to one paid booking; its meeting runs on
 * the video provider (functions/live/video.ts). The server decides every role from the token and
 * the booking: nothing in a request body says who the caller is.
 */
import * as z from 'zod';
import { RecordId } from '../shared/contract.js';
import { Booking } from '../bookings/contract.js';

export { liveMessages, LIVE_SESSION_LABELS } from './messages.js';

/** not_created → created (tutor made the room) → active (someone joined, or Start Class) → ended. */
export const LIVE_SESSION_STATES = ['not_created', 'created', 'active', 'ended'] as const;
export const LiveSessionState = z.enum(LIVE_SESSION_STATES);
export type LiveSessionState = z.infer<typeof LiveSessionState>;

export const MEETING_ROLES = ['moderator', 'attendee'] as const;
export const MeetingRole = z.enum(MEETING_ROLES);

export { CLOSES_MINUTES_AFTER, OPENS_MINUTES_BEFORE } from './catalog.js';

const Party = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), profilePhotoUrl: z.string().optional() });

/** One join: who entered the room and when (attendance, seen by both parties and super admins). */
export const AttendanceEntry = z.object({
  userId: z.string(),
  name: z.string(),
  role: MeetingRole,
  joinedAt: z.string(),
});
export type AttendanceEntry = z.infer<typeof AttendanceEntry>;

export const LiveSessionView = z.object({
  bookingId: z.string(),
  status: LiveSessionState,
  /** The caller's role in this room: the booking's tutor moderates, its student attends. */
  viewerRole: MeetingRole,
  booking: z.object({
    subject: z.string(),
    /** UTC ISO start; the SPA shows it in the viewer's zone. */
    scheduledAt: z.string(),
    durationMinutes: z.number(),
    /** KES. */
    totalAmount: z.number(),
    currency: z.literal('KES'),
    /** The booking's own status (confirmed, completed …). */
    status: z.string(),
    tutor: Party,
    /** Who booked: the student, or the parent of `learner`. */
    student: Party,
    /** The child the lesson is for (first name, grade, curriculum), when a parent booked it. */
    learner: Booking.shape.learner,
  }),
  /** When the class can be opened (start − 15 min) and until when it can be joined (end + 30 min), UTC ISO. */
  window: z.object({ opensAt: z.string(), closesAt: z.string() }),
  /** What the caller may do now (the server's rules; the SPA only shows the buttons). */
  canCreate: z.boolean(),
  canJoin: z.boolean(),
  canEnd: z.boolean(),
  /**
   * With canEnd on a paid lesson: what ending the class now does to it. `completed` (both joined);
   * `tutor_no_show` (the student has not joined and the scheduled end has not come, or the tutor
   * never joined): cancelled, the tutor not paid, the student refunded; `student_no_show` (the
   * tutor waited until the scheduled end): completed, the tutor paid.
   */
  endOutcome: z.enum(['completed', 'tutor_no_show', 'student_no_show']).optional(),
  /** Why the caller can't open or join right now (outside the window), with the time in their zone. */
  notice: z.string().optional(),
  createdAt: z.string().optional(),
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
  attendance: z.array(AttendanceEntry),
});
export type LiveSessionView = z.infer<typeof LiveSessionView>;
export type EndOutcome = NonNullable<LiveSessionView['endOutcome']>;

export const LiveSessionResponse = z.object({ session: LiveSessionView });
export type LiveSessionResponse = z.infer<typeof LiveSessionResponse>;

/** Create the room. `start: true` is Start Class on the Bookings tab: the session is active at once. */
export const CreateLiveSessionRequest = z.object({ start: z.boolean().optional() });
export type CreateLiveSessionRequest = z.input<typeof CreateLiveSessionRequest>;

export const JoinLiveSessionResponse = z.object({
  /** The provider's signed URL for the caller's name and role; the SPA frames it. */
  joinUrl: z.url(),
  role: MeetingRole,
  session: LiveSessionView,
});
export type JoinLiveSessionResponse = z.infer<typeof JoinLiveSessionResponse>;

/** The demo room (/live-tutoring/demo-session): a private room per user; no booking, no charge. */
export const DemoSessionResponse = z.object({ joinUrl: z.url(), role: MeetingRole, meetingName: z.string() });
export type DemoSessionResponse = z.infer<typeof DemoSessionResponse>;

export const LiveSessionParams = z.object({ bookingId: RecordId('session') });
