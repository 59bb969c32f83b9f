/**
 * Live session items in the single table (docs/data-model.md):
 *   session     pk LIVE#{bookingId}  sk SESSION                   status, meetingId, tutorId, studentId, times
 *   attendance  pk LIVE#{bookingId}  sk JOIN#{joinedAt}#{userId}  one per join (re-joins too)
 * Both share the booking's partition, so one Query reads a session with its attendance, oldest join first.
 * Pure: keys, item builders, the state-change Update builders and the schemas items are parsed with.
 */
import * as z from 'zod';
import { LiveSessionState, MeetingRole, type AttendanceEntry } from './contract.js';

const livePk = (bookingId: string) => `LIVE#${bookingId}`;
export const SESSION_SK = 'SESSION';
export const JOIN_PREFIX = 'JOIN#';

export const liveSessionKey = (bookingId: string) => ({ pk: livePk(bookingId), sk: SESSION_SK });
export const attendanceKey = (bookingId: string, joinedAt: string, userId: string) =>
  ({ pk: livePk(bookingId), sk: `${JOIN_PREFIX}${joinedAt}#${userId}` });
/** The partition of one booking's live items (session + attendance). */
export const livePartition = livePk;

/** A stored session never has the SPA-only state not_created: no item means not created. */
export const StoredSessionStatus = LiveSessionState.exclude(['not_created']);
export type StoredSessionStatus = z.infer<typeof StoredSessionStatus>;

export const LiveSession = z.object({
  bookingId: z.string(),
  status: StoredSessionStatus,
  meetingId: z.string(),
  tutorId: z.string(),
  studentId: z.string(),
  createdAt: z.string(),
  /** First time it became active (Start Class or a first join). */
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
});
export type LiveSession = z.infer<typeof LiveSession>;

export const liveSessionItem = (session: LiveSession) => ({ ...liveSessionKey(session.bookingId), entity: 'LiveSession', ...session });

export const attendanceItem = (bookingId: string, entry: AttendanceEntry) =>
  ({ ...attendanceKey(bookingId, entry.joinedAt, entry.userId), entity: 'LiveAttendance', bookingId, ...entry });

export const StoredAttendance = z.object({ userId: z.string(), name: z.string(), role: MeetingRole, joinedAt: z.string() });

// ---- State changes (callers add TableName); the conditions make every transition one-way ----

/** created → active (Start Class on an existing room, or the first join); active stays active. */
export const sessionActivatedUpdate = (bookingId: string, at: string) => ({
  Key: liveSessionKey(bookingId),
  UpdateExpression: 'SET #s = :active, startedAt = if_not_exists(startedAt, :at)',
  ConditionExpression: '#s IN (:created, :active)',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':active': 'active', ':created': 'created', ':at': at },
});

/** active → ended, once. */
export const sessionEndedUpdate = (bookingId: string, at: string) => ({
  Key: liveSessionKey(bookingId),
  UpdateExpression: 'SET #s = :ended, endedAt = :at',
  ConditionExpression: '#s = :active',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':ended': 'ended', ':active': 'active', ':at': at },
});
