/**
 * Routes: lesson reports (the tutor writes, drafts with the AI model and approves; the family reads the approved one).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import type { RouteDef } from '../shared/route-def.js';
import { CreateUploadRequest, MAX_UPLOAD_MB, UploadTicket } from '../uploads/contract.js';
import {
  ApproveReportRequest, DraftReportRequest, DraftReportResponse, LessonHistory, LessonHistoryQuery, MarkHomeworkRequest, MarkHomeworkResponse,
  ReportParams, ReportShare, ReportView, SaveReportRequest, SavedReportResponse,
} from './contract.js';
import { HOMEWORK_LIMITS } from './homework-rules.js';
import { REPORT_DUE_HOURS, REPORT_EDIT_HOURS } from './rules.js';

export const reportsRoutes = {
  getLessonReport: {
    method: 'GET', path: '/api/bookings/{bookingId}/report', handler: 'reports/handlers/get-report', access: 'signed-in',
    grants: ['table:read'],
    summary: 'A lesson\'s report. Its tutor: view "tutor", the working copy and the approved version (both with the private note), until when it may change. The payer, the child\'s own linked login and super admins: view "family", the approved version without the private note (report null before approval). Anyone else 403; no such lesson 404.',
    params: ReportParams, responses: { 200: ReportView }, errors: [403, 404],
  },
  saveLessonReport: {
    method: 'PUT', path: '/api/bookings/{bookingId}/report', handler: 'reports/handlers/save-report', access: ['tutor'],
    grants: ['table:read', 'table:write'],
    summary: `The lesson's tutor saves the report's working copy (not visible to the family until approved), sending the revision they read (0 for the first save). 409 report_changed when another save came first, report_locked ${REPORT_EDIT_HOURS} hours after the lesson ended, lesson_not_completed before it took place; 403 for anyone but its tutor.`,
    params: ReportParams, body: SaveReportRequest, responses: { 200: SavedReportResponse }, errors: [403, 404, 409],
  },
  approveLessonReport: {
    method: 'POST', path: '/api/bookings/{bookingId}/report/approve', handler: 'reports/handlers/approve-report', access: ['tutor'],
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'The lesson\'s tutor approves the revision they read: the family sees it from now on and the version is kept. Approving the approved revision again changes nothing. 409 report_changed for an older revision, report_incomplete without topics, performance and next steps, report_locked after the edit window.',
    params: ReportParams, body: ApproveReportRequest, responses: { 200: SavedReportResponse }, errors: [403, 404, 409],
  },
  getMyReportShare: {
    method: 'GET', path: '/api/me/report-share', handler: 'reports/handlers/get-my-report-share', access: ['tutor'],
    grants: ['table:read'],
    summary: `The tutor's own lessons whose report came due (${REPORT_DUE_HOURS} hours after the lesson, not counting a student's no-show) and how many were approved by then, with the share in percent (null before any came due). Shown to the tutor and super admins only; browse never ranks by it.`,
    responses: { 200: ReportShare },
  },
  draftLessonReport: {
    method: 'POST', path: '/api/bookings/{bookingId}/report/draft', handler: 'reports/handlers/draft-report', access: ['tutor'],
    grants: ['table:read', 'table:write', 'ai:invoke'],
    summary: 'The lesson\'s tutor\'s few words drafted into the report\'s fields by the AI model, in the tutor\'s saved language; nothing is stored. Takes one from the tutor\'s daily AI chat quota (429 with details.resetsAt when spent); a model failure gives it back (502).',
    params: ReportParams, body: DraftReportRequest, responses: { 200: DraftReportResponse }, errors: [403, 404, 409, 429, 502],
    // The model gets 8 s (BEDROCK_TIMEOUT_MS); a cold start and the quota writes must still fit.
    timeoutSeconds: 15,
  },
  markLessonHomework: {
    method: 'PUT', path: '/api/bookings/{bookingId}/homework', handler: 'reports/handlers/mark-homework', access: ['parent', 'student'],
    grants: ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:delete'],
    summary: 'The family (the lesson\'s payer, or the child\'s own linked login) marks the approved report\'s homework done, optionally with photoKey (an upload made with createHomeworkPhotoUpload, checked from its bytes and kept private with the lesson), or done: false to open it again (the photo is removed). Marking it done again keeps the first time (a photo sent replaces the one kept). 409 no_homework when the approved report set none; 403 for the lesson\'s tutor; 404 for anyone else.',
    params: ReportParams, body: MarkHomeworkRequest, responses: { 200: MarkHomeworkResponse }, errors: [403, 404, 409],
  },
  createHomeworkPhotoUpload: {
    method: 'POST', path: '/api/bookings/{bookingId}/homework/photo', handler: 'reports/handlers/create-homework-photo-upload', access: ['parent', 'student'],
    grants: ['table:read', 'uploads:write'],
    summary: `A presigned POST for a photo of the lesson's homework (JPEG, PNG or WebP, at most ${MAX_UPLOAD_MB} MB) for its family; pass its key to markLessonHomework. 400 for another type or size; 403 for the lesson's tutor; 404 for anyone else.`,
    params: ReportParams, body: CreateUploadRequest, responses: { 200: UploadTicket }, errors: [403, 404],
  },
  getLessonHistory: {
    method: 'GET', path: '/api/me/lessons', handler: 'reports/handlers/get-lesson-history', access: ['parent', 'student'],
    grants: ['table:read', 'uploads:read'],
    summary: `A learner's reported lessons, newest first, ${HOMEWORK_LIMITS.pageSize} a page (limit up to ${HOMEWORK_LIMITS.maxPageSize}; nextCursor for the next): subject, time, the approved report's topics, how they did and next steps (never the tutor's private note), and the homework with its due state in the learner's zone and whether it is done (a short-lived link to its photo). A parent names the learner (404 for one outside the household); a linked login and an adult student read their own.`,
    query: LessonHistoryQuery, responses: { 200: LessonHistory }, errors: [404],
  },
} as const satisfies Record<string, RouteDef>;
