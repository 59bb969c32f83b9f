/**
 * The one route table. CDK builds one Lambda and one HTTP API route per entry, the local
 * gateway serves the same entries, and docs/api.md is generated from it.
 */
import type { Role } from './auth/roles.js';

/** `public`: no token; `signed-in`: any valid token; a role list: token with one of those groups. */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** What a handler may touch on AWS; CDK turns each into a least-privilege IAM grant. */
export type Grant =
  | 'table:read' | 'table:write'
  | 'identity:admin'
  | 'events:publish'
  | 'uploads:read' | 'uploads:write' | 'uploads:delete'
  | 'email:send'
  | 'payments:secret';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** API Gateway path syntax: /api/tutors/{tutorId} */
  path: `/api/${string}`;
  /** functions/{handler}.ts exports `handler`. */
  handler: string;
  access: Access;
  grants: readonly Grant[];
  summary: string;
}

export const routes = {
  health: {
    method: 'GET', path: '/api/health', handler: 'health/handlers/health', access: 'public', grants: [],
    summary: 'Liveness check.',
  },
  signUp: {
    method: 'POST', path: '/api/auth/sign-up', handler: 'auth/handlers/sign-up', access: 'public',
    grants: ['identity:admin', 'table:read', 'table:write', 'events:publish'],
    summary: 'Create an account (Cognito user, profile and group in one step). "admin" only records a request.',
  },
  getMe: {
    method: 'GET', path: '/api/me', handler: 'profiles/handlers/get-me', access: 'signed-in', grants: ['table:read'],
    summary: 'The signed-in user\'s profile and role.',
  },
  updateMyProfile: {
    method: 'PATCH', path: '/api/me/profile', handler: 'profiles/handlers/update-my-profile', access: 'signed-in',
    grants: ['table:read', 'table:write'],
    summary: 'Change one\'s own profile; teaching fields (rate KSh 200–50,000, minimum notice 0–72 h, subjects, levels …) only for tutors.',
  },
  createProfilePhotoUpload: {
    method: 'POST', path: '/api/me/profile-photo/upload', handler: 'profiles/handlers/create-profile-photo-upload',
    access: 'signed-in', grants: ['uploads:write'],
    summary: 'A presigned POST for a profile photo (JPEG, PNG or WebP, at most 10 MB) into a private staging area.',
  },
  setProfilePhoto: {
    method: 'POST', path: '/api/me/profile-photo', handler: 'profiles/handlers/set-profile-photo', access: 'signed-in',
    grants: ['uploads:read', 'uploads:write', 'uploads:delete', 'table:read', 'table:write'],
    summary: 'Checks the uploaded photo (size, real type from its bytes), publishes it and sets profilePhotoUrl; deletes a rejected file.',
  },
  listMyAvailability: {
    method: 'GET', path: '/api/me/availability', handler: 'tutors/handlers/list-my-availability', access: ['tutor'],
    grants: ['table:read'],
    summary: 'The signed-in tutor\'s weekly availability slots.',
  },
  addMyAvailability: {
    method: 'POST', path: '/api/me/availability', handler: 'tutors/handlers/add-my-availability', access: ['tutor'],
    grants: ['table:read', 'table:write'],
    summary: 'Add a weekly slot (hourly, 08:00–20:00); overlapping slots on the same day are refused (409).',
  },
  deleteMyAvailability: {
    method: 'DELETE', path: '/api/me/availability/{slotId}', handler: 'tutors/handlers/delete-my-availability',
    access: ['tutor'], grants: ['table:read', 'table:write'],
    summary: 'Remove one of one\'s own weekly slots.',
  },
  myAvailabilitySummary: {
    method: 'GET', path: '/api/me/availability/summary', handler: 'tutors/handlers/my-availability-summary',
    access: ['tutor'], grants: ['table:read'],
    summary: 'Weekly hours, this week\'s slots and open slots, upcoming bookings.',
  },
  browseTutors: {
    method: 'GET', path: '/api/tutors', handler: 'tutors/handlers/browse-tutors', access: 'public',
    grants: ['table:read'],
    summary: 'Search tutors: q (name, expertise, subjects), subject (exact), level, cursor, limit. No Scan.',
  },
  getTutor: {
    method: 'GET', path: '/api/tutors/{tutorId}', handler: 'tutors/handlers/get-tutor', access: 'public',
    grants: ['table:read'],
    summary: 'A tutor\'s public profile.',
  },
  getTutorSlots: {
    method: 'GET', path: '/api/tutors/{tutorId}/slots', handler: 'tutors/handlers/get-tutor-slots', access: 'public',
    grants: ['table:read'],
    summary: 'Bookable one-hour starts (UTC) for the next 30 days: whole hours of the tutor\'s own day in their weekly availability, from their minimum notice on.',
  },
  createBooking: {
    method: 'POST', path: '/api/bookings', handler: 'bookings/handlers/create-booking', access: ['student'],
    grants: ['table:read', 'table:write'],
    summary: 'Book a verified tutor\'s free time (exactly the starts the slots route offers; 422 too_soon inside the tutor\'s notice); the server computes the amount and holds the hours until paid.',
  },
  listBookings: {
    method: 'GET', path: '/api/bookings', handler: 'bookings/handlers/list-bookings', access: 'signed-in',
    grants: ['table:read'],
    summary: 'The caller\'s bookings (as student or as tutor), soonest first.',
  },
  getBooking: {
    method: 'GET', path: '/api/bookings/{bookingId}', handler: 'bookings/handlers/get-booking', access: 'signed-in',
    grants: ['table:read'],
    summary: 'One booking, for its student or tutor only.',
  },
  initializePayment: {
    method: 'POST', path: '/api/payments/initialize', handler: 'payments/handlers/initialize-payment', access: ['student'],
    grants: ['table:read', 'table:write', 'payments:secret'],
    summary: 'Start paying for one\'s own booking: amount from the booking, returns the provider\'s authorization URL. The attempt is recorded only once the provider accepted it (502 otherwise).',
  },
  verifyPayment: {
    method: 'POST', path: '/api/payments/verify', handler: 'payments/handlers/verify-payment', access: 'signed-in',
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Ask the provider about a reference of one\'s own booking and apply the result.',
  },
  paystackWebhook: {
    method: 'POST', path: '/api/webhooks/paystack', handler: 'payments/handlers/paystack-webhook', access: 'public',
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Paystack events; x-paystack-signature checked (401 otherwise); idempotent per reference.',
  },
  tutorStats: {
    method: 'GET', path: '/api/tutor/stats', handler: 'bookings/handlers/tutor-stats', access: ['tutor'],
    grants: ['table:read'],
    summary: 'Earnings, sessions, upcoming and completion rate, with earnings per month.',
  },
  createKycUpload: {
    method: 'POST', path: '/api/kyc/uploads', handler: 'kyc/handlers/create-kyc-upload', access: ['tutor'],
    grants: ['uploads:write'],
    summary: 'A presigned POST (PDF, JPEG or PNG, at most 10 MB) into the tutor\'s private staging area.',
  },
  registerKycDocument: {
    method: 'POST', path: '/api/kyc/documents', handler: 'kyc/handlers/register-kyc-document', access: ['tutor'],
    grants: ['uploads:read', 'uploads:write', 'uploads:delete', 'table:read', 'table:write'],
    summary: 'Checks the uploaded file (owner, size, real type), stores it privately and records the document (pending). Idempotent per upload: a repeat answers 200 with the same document.',
  },
  listMyKycDocuments: {
    method: 'GET', path: '/api/kyc/documents', handler: 'kyc/handlers/list-my-kyc-documents', access: ['tutor'],
    grants: ['table:read', 'uploads:read'],
    summary: 'The tutor\'s own documents, newest first, with 3600 s signed links and review notes.',
  },
  listPendingKyc: {
    method: 'GET', path: '/api/admin/kyc/pending', handler: 'kyc/handlers/list-pending-kyc', access: ['super_admin'],
    grants: ['table:read', 'uploads:read'],
    summary: 'Documents awaiting review, newest first, with tutor names and signed links (no Scan).',
  },
  reviewKycDocument: {
    method: 'POST', path: '/api/admin/kyc/documents/{documentId}/review', handler: 'kyc/handlers/review-kyc-document',
    access: ['super_admin'], grants: ['table:read', 'table:write', 'uploads:read', 'events:publish'],
    summary: 'Approve, or reject with notes (required: the tutor reads them); audited. Approving the last pending document verifies the tutor (KycApproved).',
  },
  getKycDocumentFile: {
    method: 'GET', path: '/api/admin/kyc/documents/{documentId}/file', handler: 'kyc/handlers/get-kyc-document-file',
    access: ['super_admin'], grants: ['table:read', 'uploads:read'],
    summary: 'A signed GET link to the document (valid 3600 s).',
  },
  adminStats: {
    method: 'GET', path: '/api/admin/stats', handler: 'admin/handlers/admin-stats', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Platform counters (users, tutors, students, pending KYC, revenue) and weekly figures for 8 weeks.',
  },
  adminUsers: {
    method: 'GET', path: '/api/admin/users', handler: 'admin/handlers/admin-users', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Users newest first, or those whose name or e-mail starts with q (case-insensitive); cursor, limit (default 20); and the pending admin requests. No Scan.',
  },
  adminTransactions: {
    method: 'GET', path: '/api/admin/transactions', handler: 'admin/handlers/admin-transactions', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Recent payment transactions, newest first (limit, default 5).',
  },
  listPaymentProblems: {
    method: 'GET', path: '/api/admin/payment-problems', handler: 'payments/handlers/list-payment-problems',
    access: ['super_admin'], grants: ['table:read'],
    summary: 'Open problem payments (amount mismatch, duplicate, needs refund), newest first, each with payer, amounts and what to do; cursor, limit (default 20). No Scan.',
  },
  resolvePaymentProblem: {
    method: 'POST', path: '/api/admin/payment-problems/{reference}/resolve', handler: 'payments/handlers/resolve-payment-problem',
    access: ['super_admin'], grants: ['table:read', 'table:write'],
    summary: 'Mark a problem payment resolved with a note of what was done (audited); it leaves the open list.',
  },
  grantSuperAdmin: {
    method: 'POST', path: '/api/admin/users/{userId}/grant-super-admin', handler: 'admin/handlers/grant-super-admin',
    access: ['super_admin'], grants: ['identity:admin', 'table:read', 'table:write'],
    summary: 'Make a user a super admin (e.g. a pending admin request).',
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export const routeList: ReadonlyArray<RouteDef & { name: RouteName }> = Object.entries(routes).map(
  ([name, def]) => ({ ...(def as RouteDef), name: name as RouteName }),
);
