/**
 * The one route table. CDK builds one Lambda and one HTTP API route per entry, the local
 * gateway serves the same entries, httpRoute validates requests with the schemas named here,
 * and docs/api.md and docs/openapi.json (also served at GET /api/openapi.json) are generated
 * from it.
 *
 * A new route names its zod contracts here: `body` and `query` if it reads them, and
 * `responses` with at least one success status (generating the OpenAPI document fails
 * otherwise). Path parameters come from `path`. `errors` lists the statuses its service can
 * refuse with beyond those implied by the entry (400 with a body, query or path parameter; 401
 * when signed in; 403 for a role list).
 */
import type * as z from 'zod';
import {
  AdminStats, AdminTransactionsQuery, AdminTransactionsResponse, AdminUsersQuery, AdminUsersResponse, GrantSuperAdminResponse,
} from './admin/contract.js';
import { SignUpRequest, SignUpResponse } from './auth/contract.js';
import type { Role } from './auth/roles.js';
import {
  BookingList, BookingResponse, CreateBookingRequest, InitializePaymentRequest, InitializePaymentResponse,
  PaystackWebhookReceipt, TutorStats, VerifyPaymentRequest, VerifyPaymentResponse,
} from './bookings/contract.js';
import { HealthResponse } from './health/contract.js';
import {
  KycFileLink, MyKycDocuments, PendingKycList, PendingKycQuery, RegisterKycDocumentRequest, RegisterKycDocumentResponse,
  ReviewKycRequest, ReviewKycResponse,
} from './kyc/contract.js';
import { OpenApiDocument } from './openapi/contract.js';
import {
  PaymentProblemsQuery, PaymentProblemsResponse, ResolvePaymentProblemRequest, ResolvePaymentProblemResponse,
} from './payments/problems.js';
import { PaystackWebhook } from './payments/provider.js';
import { MeResponse, ProfileResponse } from './profiles/contract.js';
import {
  AddAvailabilityRequest, AddAvailabilityResponse, AvailabilityList, AvailabilitySummary, BrowseQuery, BrowseResponse,
  PublicTutorProfile, TutorSlotsResponse, UpdateProfileRequest,
} from './tutors/contract.js';
import { CreateUploadRequest, RegisterUploadRequest, UploadTicket } from './uploads/contract.js';

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

export type SuccessStatus = 200 | 201 | 204;
export type ErrorStatus = 401 | 403 | 404 | 409 | 422;

export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** API Gateway path syntax: /api/tutors/{tutorId} */
  path: `/api/${string}`;
  /** functions/{handler}.ts exports `handler`. */
  handler: string;
  access: Access;
  grants: readonly Grant[];
  summary: string;
  /** The JSON body; httpRoute answers 400 with the first issue's message when it does not parse. */
  body?: z.ZodType;
  /**
   * A body the handler reads itself (the webhook checks its signature over the exact bytes
   * first): documented, not validated by httpRoute.
   */
  rawBody?: z.ZodType;
  /** The query string (values arrive as strings: numbers use z.coerce; empty values count as absent). */
  query?: z.ZodObject;
  /** Success answers by status; null for no body (204). */
  responses: Partial<Record<SuccessStatus, z.ZodType | null>>;
  /** Refusals the route's service answers with `{ error }` beyond the implied ones (see above). */
  errors?: readonly ErrorStatus[];
  /** Request headers the route reads (documented as required header parameters). */
  headers?: readonly string[];
}

export const routes = {
  health: {
    method: 'GET', path: '/api/health', handler: 'health/handlers/health', access: 'public', grants: [],
    summary: 'Liveness check.',
    responses: { 200: HealthResponse },
  },
  openApi: {
    method: 'GET', path: '/api/openapi.json', handler: 'openapi/handlers/get-openapi', access: 'public', grants: [],
    summary: 'This API as an OpenAPI 3.1 document (the same as docs/openapi.json).',
    responses: { 200: OpenApiDocument },
  },
  signUp: {
    method: 'POST', path: '/api/auth/sign-up', handler: 'auth/handlers/sign-up', access: 'public',
    grants: ['identity:admin', 'table:read', 'table:write', 'events:publish'],
    summary: 'Create an account (Cognito user, profile and group in one step). "admin" only records a request.',
    body: SignUpRequest, responses: { 201: SignUpResponse }, errors: [409],
  },
  getMe: {
    method: 'GET', path: '/api/me', handler: 'profiles/handlers/get-me', access: 'signed-in', grants: ['table:read'],
    summary: 'The signed-in user\'s profile and role.',
    responses: { 200: MeResponse }, errors: [404],
  },
  updateMyProfile: {
    method: 'PATCH', path: '/api/me/profile', handler: 'profiles/handlers/update-my-profile', access: 'signed-in',
    grants: ['table:read', 'table:write'],
    summary: 'Change one\'s own profile; teaching fields (rate KSh 200–50,000, minimum notice 0–72 h, subjects, levels …) only for tutors.',
    body: UpdateProfileRequest, responses: { 200: ProfileResponse }, errors: [403, 404],
  },
  createProfilePhotoUpload: {
    method: 'POST', path: '/api/me/profile-photo/upload', handler: 'profiles/handlers/create-profile-photo-upload',
    access: 'signed-in', grants: ['uploads:write'],
    summary: 'A presigned POST for a profile photo (JPEG, PNG or WebP, at most 10 MB) into a private staging area.',
    body: CreateUploadRequest, responses: { 201: UploadTicket },
  },
  setProfilePhoto: {
    method: 'POST', path: '/api/me/profile-photo', handler: 'profiles/handlers/set-profile-photo', access: 'signed-in',
    grants: ['uploads:read', 'uploads:write', 'uploads:delete', 'table:read', 'table:write'],
    summary: 'Checks the uploaded photo (size, real type from its bytes), publishes it and sets profilePhotoUrl; deletes a rejected file.',
    body: RegisterUploadRequest, responses: { 200: ProfileResponse }, errors: [403, 404],
  },
  listMyAvailability: {
    method: 'GET', path: '/api/me/availability', handler: 'tutors/handlers/list-my-availability', access: ['tutor'],
    grants: ['table:read'],
    summary: 'The signed-in tutor\'s weekly availability slots.',
    responses: { 200: AvailabilityList },
  },
  addMyAvailability: {
    method: 'POST', path: '/api/me/availability', handler: 'tutors/handlers/add-my-availability', access: ['tutor'],
    grants: ['table:read', 'table:write'],
    summary: 'Add a weekly slot (hourly, 08:00–20:00); overlapping slots on the same day are refused (409).',
    body: AddAvailabilityRequest, responses: { 201: AddAvailabilityResponse }, errors: [409],
  },
  deleteMyAvailability: {
    method: 'DELETE', path: '/api/me/availability/{slotId}', handler: 'tutors/handlers/delete-my-availability',
    access: ['tutor'], grants: ['table:read', 'table:write'],
    summary: 'Remove one of one\'s own weekly slots.',
    responses: { 204: null }, errors: [404],
  },
  myAvailabilitySummary: {
    method: 'GET', path: '/api/me/availability/summary', handler: 'tutors/handlers/my-availability-summary',
    access: ['tutor'], grants: ['table:read'],
    summary: 'Weekly hours, this week\'s slots and open slots, upcoming bookings.',
    responses: { 200: AvailabilitySummary },
  },
  browseTutors: {
    method: 'GET', path: '/api/tutors', handler: 'tutors/handlers/browse-tutors', access: 'public',
    grants: ['table:read'],
    summary: 'Search tutors: q (name, expertise, subjects), subject (exact), level, cursor, limit. No Scan.',
    query: BrowseQuery, responses: { 200: BrowseResponse },
  },
  getTutor: {
    method: 'GET', path: '/api/tutors/{tutorId}', handler: 'tutors/handlers/get-tutor', access: 'public',
    grants: ['table:read'],
    summary: 'A tutor\'s public profile.',
    responses: { 200: PublicTutorProfile }, errors: [404],
  },
  getTutorSlots: {
    method: 'GET', path: '/api/tutors/{tutorId}/slots', handler: 'tutors/handlers/get-tutor-slots', access: 'public',
    grants: ['table:read'],
    summary: 'Bookable one-hour starts (UTC) for the next 30 days: whole hours of the tutor\'s own day in their weekly availability, from their minimum notice on.',
    responses: { 200: TutorSlotsResponse }, errors: [404],
  },
  createBooking: {
    method: 'POST', path: '/api/bookings', handler: 'bookings/handlers/create-booking', access: ['student'],
    grants: ['table:read', 'table:write'],
    summary: 'Book a verified tutor\'s free time (exactly the starts the slots route offers; 422 too_soon inside the tutor\'s notice); the server computes the amount and holds the hours until paid.',
    body: CreateBookingRequest, responses: { 201: BookingResponse }, errors: [404, 409, 422],
  },
  listBookings: {
    method: 'GET', path: '/api/bookings', handler: 'bookings/handlers/list-bookings', access: 'signed-in',
    grants: ['table:read'],
    summary: 'The caller\'s bookings (as student or as tutor), soonest first.',
    responses: { 200: BookingList },
  },
  getBooking: {
    method: 'GET', path: '/api/bookings/{bookingId}', handler: 'bookings/handlers/get-booking', access: 'signed-in',
    grants: ['table:read'],
    summary: 'One booking, for its student or tutor only.',
    responses: { 200: BookingResponse }, errors: [403, 404],
  },
  initializePayment: {
    method: 'POST', path: '/api/payments/initialize', handler: 'payments/handlers/initialize-payment', access: ['student'],
    grants: ['table:read', 'table:write', 'payments:secret'],
    summary: 'Start paying for one\'s own booking: amount from the booking, returns the provider\'s authorization URL. The attempt is recorded only once the provider accepted it (502 otherwise).',
    body: InitializePaymentRequest, responses: { 200: InitializePaymentResponse }, errors: [403, 404, 409, 422],
  },
  verifyPayment: {
    method: 'POST', path: '/api/payments/verify', handler: 'payments/handlers/verify-payment', access: 'signed-in',
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Ask the provider about a reference of one\'s own booking and apply the result.',
    body: VerifyPaymentRequest, responses: { 200: VerifyPaymentResponse }, errors: [403, 404],
  },
  paystackWebhook: {
    method: 'POST', path: '/api/webhooks/paystack', handler: 'payments/handlers/paystack-webhook', access: 'public',
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    summary: 'Paystack events; x-paystack-signature checked (401 otherwise); idempotent per reference.',
    rawBody: PaystackWebhook, headers: ['x-paystack-signature'], responses: { 200: PaystackWebhookReceipt }, errors: [401],
  },
  tutorStats: {
    method: 'GET', path: '/api/tutor/stats', handler: 'bookings/handlers/tutor-stats', access: ['tutor'],
    grants: ['table:read'],
    summary: 'Earnings, sessions, upcoming and completion rate, with earnings per month.',
    responses: { 200: TutorStats },
  },
  createKycUpload: {
    method: 'POST', path: '/api/kyc/uploads', handler: 'kyc/handlers/create-kyc-upload', access: ['tutor'],
    grants: ['uploads:write'],
    summary: 'A presigned POST (PDF, JPEG or PNG, at most 10 MB) into the tutor\'s private staging area.',
    body: CreateUploadRequest, responses: { 201: UploadTicket },
  },
  registerKycDocument: {
    method: 'POST', path: '/api/kyc/documents', handler: 'kyc/handlers/register-kyc-document', access: ['tutor'],
    grants: ['uploads:read', 'uploads:write', 'uploads:delete', 'table:read', 'table:write'],
    summary: 'Checks the uploaded file (owner, size, real type), stores it privately and records the document (pending). Idempotent per upload: a repeat answers 200 with the same document.',
    body: RegisterKycDocumentRequest, responses: { 200: RegisterKycDocumentResponse, 201: RegisterKycDocumentResponse }, errors: [403, 404],
  },
  listMyKycDocuments: {
    method: 'GET', path: '/api/kyc/documents', handler: 'kyc/handlers/list-my-kyc-documents', access: ['tutor'],
    grants: ['table:read', 'uploads:read'],
    summary: 'The tutor\'s own documents, newest first, with 3600 s signed links and review notes.',
    responses: { 200: MyKycDocuments },
  },
  listPendingKyc: {
    method: 'GET', path: '/api/admin/kyc/pending', handler: 'kyc/handlers/list-pending-kyc', access: ['super_admin'],
    grants: ['table:read', 'uploads:read'],
    summary: 'Documents awaiting review, newest first, with tutor names and signed links (no Scan).',
    query: PendingKycQuery, responses: { 200: PendingKycList },
  },
  reviewKycDocument: {
    method: 'POST', path: '/api/admin/kyc/documents/{documentId}/review', handler: 'kyc/handlers/review-kyc-document',
    access: ['super_admin'], grants: ['table:read', 'table:write', 'uploads:read', 'events:publish'],
    summary: 'Approve, or reject with notes (required: the tutor reads them); audited. Approving the last pending document verifies the tutor (KycApproved).',
    body: ReviewKycRequest, responses: { 200: ReviewKycResponse }, errors: [404, 409],
  },
  getKycDocumentFile: {
    method: 'GET', path: '/api/admin/kyc/documents/{documentId}/file', handler: 'kyc/handlers/get-kyc-document-file',
    access: ['super_admin'], grants: ['table:read', 'uploads:read'],
    summary: 'A signed GET link to the document (valid 3600 s).',
    responses: { 200: KycFileLink }, errors: [404],
  },
  adminStats: {
    method: 'GET', path: '/api/admin/stats', handler: 'admin/handlers/admin-stats', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Platform counters (users, tutors, students, pending KYC, revenue) and weekly figures for 8 weeks.',
    responses: { 200: AdminStats },
  },
  adminUsers: {
    method: 'GET', path: '/api/admin/users', handler: 'admin/handlers/admin-users', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Users newest first, or those whose name or e-mail starts with q (case-insensitive); cursor, limit (default 20); and the pending admin requests. No Scan.',
    query: AdminUsersQuery, responses: { 200: AdminUsersResponse },
  },
  adminTransactions: {
    method: 'GET', path: '/api/admin/transactions', handler: 'admin/handlers/admin-transactions', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Recent payment transactions, newest first (limit, default 5).',
    query: AdminTransactionsQuery, responses: { 200: AdminTransactionsResponse },
  },
  listPaymentProblems: {
    method: 'GET', path: '/api/admin/payment-problems', handler: 'payments/handlers/list-payment-problems',
    access: ['super_admin'], grants: ['table:read'],
    summary: 'Open problem payments (amount mismatch, duplicate, needs refund), newest first, each with payer, amounts and what to do; cursor, limit (default 20). No Scan.',
    query: PaymentProblemsQuery, responses: { 200: PaymentProblemsResponse },
  },
  resolvePaymentProblem: {
    method: 'POST', path: '/api/admin/payment-problems/{reference}/resolve', handler: 'payments/handlers/resolve-payment-problem',
    access: ['super_admin'], grants: ['table:read', 'table:write'],
    summary: 'Mark a problem payment resolved with a note of what was done (audited); it leaves the open list.',
    body: ResolvePaymentProblemRequest, responses: { 200: ResolvePaymentProblemResponse }, errors: [404, 409],
  },
  grantSuperAdmin: {
    method: 'POST', path: '/api/admin/users/{userId}/grant-super-admin', handler: 'admin/handlers/grant-super-admin',
    access: ['super_admin'], grants: ['identity:admin', 'table:read', 'table:write'],
    summary: 'Make a user a super admin (e.g. a pending admin request).',
    responses: { 200: GrantSuperAdminResponse }, errors: [404],
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export const routeList: ReadonlyArray<RouteDef & { name: RouteName }> = Object.entries(routes).map(
  ([name, def]) => ({ ...(def as RouteDef), name: name as RouteName }),
);
