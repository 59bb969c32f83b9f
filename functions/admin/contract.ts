/** Admin dashboards contract (super admin and admin dashboards), shared by the API and the SPA. */
import * as z from 'zod';
import { ReportShare } from '../reports/contract.js';
import { ACCOUNT_TYPES } from '../auth/accounts-catalog.js';
import { ROLES } from '../auth/roles.js';
import { RecordId } from '../shared/contract.js';
import { KYC_STATUSES } from '../profiles/contract.js';
import { BOOKING_STATUSES } from '../bookings/contract.js';
import { AttendanceEntry } from '../live/contract.js';
import { TRANSACTION_STATUS_FILTERS } from '../payments/problems.js';
import { ChatMessage } from '../conversations/contract.js';
import { userText } from '../shared/text.js';
import { moderationMessages } from './moderation-rules.js';

/** The payment problems and transaction filters the admin pages show (payments owns them). */
export type { PaymentProblem, TransactionStatusFilter } from '../payments/problems.js';

export const AdminStats = z.object({
  totalUsers: z.number(),
  totalTutors: z.number(),
  totalStudents: z.number(),
  pendingKyc: z.number(),
  /** KES. */
  totalRevenue: z.number(),
  paidBookings: z.number(),
  /** Last 8 weeks (Monday dates, UTC), oldest first. */
  weekly: z.array(z.object({ week: z.string(), signUps: z.number(), bookings: z.number(), revenue: z.number() })),
  /** Calls to the AI model today (Africa/Nairobi day, as the AI quotas count), for every user together. */
  aiUsageToday: z.object({ day: z.string(), modelCalls: z.number() }),
});
export type AdminStats = z.infer<typeof AdminStats>;

export const AdminUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  accountType: z.enum(ACCOUNT_TYPES),
  country: z.string(),
  kycStatus: z.enum(KYC_STATUSES).optional(),
  adminRequest: z.enum(['pending', 'granted']).optional(),
  createdAt: z.string(),
  /** Tutors only: lessons they cancelled inside the free-cancellation window, and lessons they missed. */
  tutorRecord: z.object({ lateCancellations: z.number(), noShows: z.number() }).optional(),
  /** Tutors only: lessons whose report came due, and those reported within a day (never shown publicly). */
  reportShare: ReportShare.optional(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** GET /api/admin/users: newest first, or found by the start of a name or e-mail (`q`). */
export const AdminUsersQuery = z.object({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUsersResponse = z.object({
  users: z.array(AdminUser),
  /** Present when more users match: pass it as `cursor` for the next page. */
  nextCursor: z.string().optional(),
  adminRequests: z.array(AdminUser),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;
/**
 * A grant waits for its admin: `code` goes to them out of band (shown this once; only its hash is
 * kept), and they enrol with it and an authenticator app before `expiresAt`.
 */
export const AdminEnrolment = z.object({ code: z.string(), expiresAt: z.string() });
export const GrantSuperAdminResponse = z.object({ user: AdminUser, enrolment: AdminEnrolment });
export type GrantSuperAdminResponse = z.infer<typeof GrantSuperAdminResponse>;

export const AdminTransaction = z.object({
  /** A lesson's payment names its booking; a course enrolment's its course. */
  id: z.string(), bookingId: z.string().optional(), courseId: z.string().optional(), amount: z.number(), status: z.string(), createdAt: z.string(), channel: z.string(),
  /** A weekly plan's instalment names its plan, its number and the lessons it paid (the subject is the first lesson's). */
  planId: z.string().optional(), instalment: z.number().optional(), bookingIds: z.array(z.string()).optional(),
  /** A lesson pack's payment names its pack and how many lessons it bought (booked later, one credit each). */
  packId: z.string().optional(), lessons: z.number().optional(),
  /** Who paid and whom for ("Unknown" when a profile is gone); absent on transactions from before names were kept. */
  payerName: z.string().optional(), tutorName: z.string().optional(),
  /** What was paid for, instead of its id: the lesson's subject and UTC ISO start, or the course's title. */
  lessonSubject: z.string().optional(), lessonAt: z.string().optional(), courseTitle: z.string().optional(),
  /** A refund of it, once asked: status, who (user id or the party the policy acted for), why, when. */
  refund: z.object({
    status: z.enum(['requested', 'pending', 'processed', 'failed']), by: z.string(), reason: z.string(), requestedAt: z.string(), processedAt: z.string().optional(),
  }).optional(),
  /**
   * A weekly plan's instalment: the lessons of it refunded one by one (each its share; a family's
   * cancel or the plan's ending), oldest first. Absent when none was.
   */
  lessonRefunds: z.array(z.object({
    bookingId: z.string(), amount: z.number(), status: z.enum(['requested', 'pending', 'processed', 'failed']),
    reason: z.string(), requestedAt: z.string(), processedAt: z.string().optional(),
  })).optional(),
  /** Whether a Refund would be asked of the provider now (the refund service's rule): the list offers it only then. */
  refundable: z.boolean(),
});
export type AdminTransaction = z.infer<typeof AdminTransaction>;
/**
 * GET /api/admin/transactions: newest first, `limit` (default 5) a page; `status` filters (paid
 * and not refunded, or a refund state); `cursor` is the previous page's nextCursor.
 */
export const AdminTransactionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(5),
  status: z.enum(TRANSACTION_STATUS_FILTERS).optional(),
  cursor: z.string().max(2000).regex(/^[A-Za-z0-9_-]*$/, 'This list has changed. Please search again.').optional(),
});
export type AdminTransactionsQuery = z.infer<typeof AdminTransactionsQuery>;
export const AdminTransactionsResponse = z.object({
  transactions: z.array(AdminTransaction),
  /** Present when more may match: pass it as `cursor` for the next page. */
  nextCursor: z.string().optional(),
});
export type AdminTransactionsResponse = z.infer<typeof AdminTransactionsResponse>;

export const UserParams = z.object({ userId: RecordId('user') });

/** GET /api/admin/lessons: the paid lessons starting on one UTC day (default today). */
export const AdminLessonsQuery = z.object({ day: z.iso.date({ error: 'day must be a date: yyyy-mm-dd' }).optional() });
export type AdminLessonsQuery = z.infer<typeof AdminLessonsQuery>;

const LessonParty = z.object({ id: z.string(), name: z.string() });
export const AdminLesson = z.object({
  bookingId: z.string(),
  subject: z.string(),
  /** UTC ISO start; the SPA shows it in the viewer's zone. */
  scheduledAt: z.string(),
  durationMinutes: z.number(),
  /** The booking's status: confirmed until the lesson completes. */
  status: z.enum(BOOKING_STATUSES),
  tutor: LessonParty,
  student: LessonParty,
  /** Every join, oldest first (empty: nobody has joined). */
  attendance: z.array(AttendanceEntry),
});
export type AdminLesson = z.infer<typeof AdminLesson>;
export const AdminLessonsResponse = z.object({ day: z.string(), lessons: z.array(AdminLesson) });
export type AdminLessonsResponse = z.infer<typeof AdminLessonsResponse>;

/** POST /api/admin-enrolment: the enrolment code a granting admin handed over (spaces, dashes and case do not matter). */
export const CompleteAdminEnrolmentRequest = z.object({
  code: z.string().trim().min(1, 'Enter the enrolment code').max(40, 'Enter the enrolment code'),
});
export type CompleteAdminEnrolmentRequest = z.infer<typeof CompleteAdminEnrolmentRequest>;
export const CompleteAdminEnrolmentResponse = z.object({ user: AdminUser });
export type CompleteAdminEnrolmentResponse = z.infer<typeof CompleteAdminEnrolmentResponse>;

// ---- Moderation: reported conversations and suspensions ----

const ModerationParty = z.object({
  id: z.string(),
  name: z.string(),
  /** The account is suspended now. */
  suspended: z.boolean(),
});

export const ModerationReport = z.object({
  conversationId: z.string(),
  /** The household (by its parent) or adult student, and the tutor. */
  family: ModerationParty,
  tutor: ModerationParty,
  /** When the open report was made (absent once closed). */
  reportedAt: z.string().optional(),
  open: z.boolean(),
  /** Every report made on it, oldest first, with which side made it and why. */
  reports: z.array(z.object({ side: z.enum(['family', 'tutor']), reason: z.string(), at: z.string() })),
});
export type ModerationReport = z.infer<typeof ModerationReport>;

const Cursor = z.string().max(2000).regex(/^[A-Za-z0-9_-]*$/, 'This list has changed. Please reload.');
export const ModerationReportsQuery = z.object({ cursor: Cursor.optional(), limit: z.coerce.number().int().min(1).max(50).optional() });
export type ModerationReportsQuery = z.infer<typeof ModerationReportsQuery>;
export const ModerationReportsResponse = z.object({ reports: z.array(ModerationReport), nextCursor: z.string().optional() });
export type ModerationReportsResponse = z.infer<typeof ModerationReportsResponse>;

export const ModerationThreadResponse = z.object({
  report: ModerationReport,
  /** Oldest first, as written (nothing masked); `side` says who wrote each, `mine` is always false. */
  messages: z.array(ChatMessage),
  olderCursor: z.string().optional(),
});
export type ModerationThreadResponse = z.infer<typeof ModerationThreadResponse>;

export const ModerationDoneResponse = z.object({ message: z.string() });

export const SuspensionRequest = z.object({
  suspended: z.boolean({ error: 'Say whether to suspend' }),
  /** Required to suspend; optional to reinstate. */
  reason: userText().trim().max(500, moderationMessages.reasonTooLong).optional(),
}).refine((r) => !r.suspended || (r.reason ?? '').length >= 3, { message: moderationMessages.reasonRequired, path: ['reason'] });
export type SuspensionRequest = z.input<typeof SuspensionRequest>;
export const SuspensionResponse = z.object({ userId: z.string(), suspended: z.boolean(), message: z.string() });
export type SuspensionResponse = z.infer<typeof SuspensionResponse>;
