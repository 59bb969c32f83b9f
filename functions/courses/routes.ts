/**
 * Routes: courses: tutors' drafts, lessons and publishing; the public catalogue and
 * course pages; students' free enrolment, lessons and progress.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { InitializePaymentResponse } from '../bookings/contract.js';
import { MpesaPayment, MpesaPromptResponse } from '../payments/contract.js';
import { PROMPT_RATE_LIMIT } from '../payments/mpesa-rules.js';
import { CreateUploadRequest, MAX_UPLOAD_MB, UploadTicket } from '../uploads/contract.js';
import { LESSON_FILE_LINK_SECONDS } from './catalog.js';
import {
  CatalogueQuery, CatalogueResponse, CourseDetail, CourseParams, CreateCourseRequest, EnrolResponse, LearnResponse,
  LessonInput, LessonParams, MarkDoneResponse, MyCoursesResponse, MyEnrolmentsResponse, OwnCourseResponse,
  ReorderLessonsRequest, UpdateCourseRequest, UpdateLessonRequest,
} from './contract.js';
import { STUDENT_OR_PARENT } from '../auth/roles-catalog.js';
import { LearnerChoice } from '../households/learner-choice.js';
import type { RouteDef } from '../shared/route-def.js';

const FILES = ['uploads:read', 'uploads:write', 'uploads:delete'] as const;

export const coursesRoutes = {
  createCourseUpload: {
    method: 'POST', path: '/api/courses/uploads', handler: 'courses/handlers/create-course-upload', access: ['tutor'],
    grants: ['uploads:write'],
    summary: `A presigned POST for a course thumbnail or lesson file (JPEG, PNG, PDF, MP4, WebM; at most ${MAX_UPLOAD_MB} MB).`,
    body: CreateUploadRequest, responses: { 201: UploadTicket },
  },
  createCourse: {
    method: 'POST', path: '/api/courses', handler: 'courses/handlers/create-course', access: ['tutor'],
    grants: ['table:read', 'table:write', ...FILES],
    summary: 'A new private draft (a title; a price ≥ 0 in steps of 0.01, null = Free; whole weeks); an uploaded thumbnail must be an image.',
    body: CreateCourseRequest, responses: { 201: OwnCourseResponse }, errors: [403, 404],
  },
  listMyCourses: {
    method: 'GET', path: '/api/me/courses', handler: 'courses/handlers/list-my-courses', access: ['tutor'],
    grants: ['table:read'],
    summary: 'The tutor\'s own courses (drafts and published), newest first, with enrolment counts and revenue (KSh, confirmed course payments).',
    responses: { 200: MyCoursesResponse },
  },
  getMyCourse: {
    method: 'GET', path: '/api/me/courses/{courseId}', handler: 'courses/handlers/get-my-course', access: ['tutor'],
    grants: ['table:read'],
    summary: 'One of the tutor\'s own courses with its lessons, to edit it.',
    params: CourseParams, responses: { 200: OwnCourseResponse }, errors: [403, 404],
  },
  updateCourse: {
    method: 'PATCH', path: '/api/courses/{courseId}', handler: 'courses/handlers/update-course', access: ['tutor'],
    grants: ['table:read', 'table:write', ...FILES, 'events:publish'],
    summary: 'Edit one\'s own course (any field); another tutor\'s answers 403.',
    params: CourseParams, body: UpdateCourseRequest, responses: { 200: OwnCourseResponse }, errors: [403, 404],
  },
  addCourseLesson: {
    method: 'POST', path: '/api/courses/{courseId}/lessons', handler: 'courses/handlers/add-course-lesson', access: ['tutor'],
    grants: ['table:read', 'table:write', ...FILES, 'events:publish'],
    summary: 'Append a lesson (title, text, optional uploaded file kept private).',
    params: CourseParams, body: LessonInput, responses: { 201: OwnCourseResponse }, errors: [403, 404, 422],
  },
  reorderCourseLessons: {
    method: 'PUT', path: '/api/courses/{courseId}/lessons/order', handler: 'courses/handlers/reorder-course-lessons',
    access: ['tutor'], grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'The same lessons in a new order; 409 when the list changed meanwhile.',
    params: CourseParams, body: ReorderLessonsRequest, responses: { 200: OwnCourseResponse }, errors: [403, 404, 409],
  },
  publishCourse: {
    method: 'POST', path: '/api/courses/{courseId}/publish', handler: 'courses/handlers/publish-course', access: ['tutor'],
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'Put the course in the catalogue: KYC-verified tutors only (403), at least one lesson (422).',
    params: CourseParams, responses: { 200: OwnCourseResponse }, errors: [403, 404, 422],
  },
  unpublishCourse: {
    method: 'POST', path: '/api/courses/{courseId}/unpublish', handler: 'courses/handlers/unpublish-course', access: ['tutor'],
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'Take the course off the catalogue; enrolled students keep their access.',
    params: CourseParams, responses: { 200: OwnCourseResponse }, errors: [403, 404],
  },
  browseCourses: {
    method: 'GET', path: '/api/courses', handler: 'courses/handlers/browse-courses', access: 'public',
    grants: ['table:read'],
    summary: 'Published courses newest first: category, q (title, description, tutor), subject, level, price (free|paid), duration, cursor. No Scan; at most 3 index pages read per request.',
    query: CatalogueQuery, responses: { 200: CatalogueResponse },
  },
  getCourse: {
    method: 'GET', path: '/api/courses/{courseId}', handler: 'courses/handlers/get-course', access: 'public',
    grants: ['table:read'],
    summary: 'A published course with its syllabus (lesson titles; no lesson content).',
    params: CourseParams, responses: { 200: CourseDetail }, errors: [404],
  },
  enrolInCourse: {
    method: 'POST', path: '/api/courses/{courseId}/enrolment', handler: 'courses/handlers/enrol-in-course', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write'],
    summary: 'Enrol in a free course (idempotent); a paid course answers 402 (pay through payForCourse). A parent\'s learnerId enrols that child (each child has their own enrolment; 404 for a learner not in the household).',
    params: CourseParams, query: LearnerChoice, responses: { 200: EnrolResponse }, errors: [402, 404],
  },
  learnCourse: {
    method: 'GET', path: '/api/courses/{courseId}/learn', handler: 'courses/handlers/learn-course', access: 'signed-in',
    grants: ['table:read', 'uploads:read'],
    summary: `Lessons with text, signed file links (${LESSON_FILE_LINK_SECONDS} s) and done marks: enrolled students and the course's tutor only (a parent's learnerId: that child's enrolment; 404 for a learner not in the household).`,
    params: CourseParams, query: LearnerChoice, responses: { 200: LearnResponse }, errors: [403, 404],
  },
  markCourseLessonDone: {
    method: 'POST', path: '/api/courses/{courseId}/lessons/{lessonId}/done', handler: 'courses/handlers/mark-course-lesson-done',
    access: STUDENT_OR_PARENT, grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'Mark a lesson done (idempotent) and get the course progress; the last one publishes CourseCompleted (a certificate follows, in the learner\'s name for a parent\'s learnerId; 404 for a learner not in the household).',
    params: LessonParams, query: LearnerChoice, responses: { 200: MarkDoneResponse }, errors: [403, 404],
  },
  listMyEnrolments: {
    method: 'GET', path: '/api/me/enrolments', handler: 'courses/handlers/list-my-enrolments', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'The student\'s enrolled courses (a parent\'s learnerId: that child\'s; 404 for a learner not in the household), newest first, with progress.',
    query: LearnerChoice, responses: { 200: MyEnrolmentsResponse }, errors: [404],
  },
  payForCourse: {
    method: 'POST', path: '/api/courses/{courseId}/payment', handler: 'courses/handlers/pay-for-course', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'payments:secret'],
    summary: 'Start paying for a published paid course: amount from the course, returns the provider\'s authorization URL. The enrolment is made when the payment is confirmed (webhook or verify). A parent\'s learnerId: the parent pays, that child is enrolled (and gets the certificate); 404 for a learner not in the household. 403 own course, 409 already enrolled, 422 free course.',
    params: CourseParams, query: LearnerChoice, responses: { 200: InitializePaymentResponse }, errors: [403, 404, 409, 422],
  },
  payForCourseByMpesa: {
    method: 'POST', path: '/api/courses/{courseId}/mpesa-prompt', handler: 'courses/handlers/pay-for-course-by-mpesa', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'payments:secret'], rateLimit: PROMPT_RATE_LIMIT,
    summary: 'Pay for a published paid course by M-Pesa prompt without leaving the page: the amount from the course, pushed to the number given (Paystack Charge API, a fresh reference per prompt, recorded before it is sent); follow it with getMpesaPrompt. With `method: "paybill"` nothing is pushed and the answer holds the Paybill business number and account reference. The enrolment is made only when the charge is confirmed (webhook or the poll), once. A parent\'s learnerId: the parent pays, that child is enrolled; 404 for a learner not in the household. 403 own course, 409 already enrolled, 422 free course.',
    params: CourseParams, query: LearnerChoice, body: MpesaPayment, responses: { 200: MpesaPromptResponse }, errors: [403, 404, 409, 422],
  },
  updateCourseLesson: {
    method: 'PATCH', path: '/api/courses/{courseId}/lessons/{lessonId}', handler: 'courses/handlers/update-course-lesson',
    access: ['tutor'], grants: ['table:read', 'table:write', ...FILES, 'events:publish'],
    summary: 'Edit one of one\'s own lessons: title, text, a new file (the old one is deleted) or removeFile.',
    params: LessonParams, body: UpdateLessonRequest, responses: { 200: OwnCourseResponse }, errors: [403, 404, 422],
  },
  deleteCourseLesson: {
    method: 'DELETE', path: '/api/courses/{courseId}/lessons/{lessonId}', handler: 'courses/handlers/delete-course-lesson',
    access: ['tutor'], grants: ['table:read', 'table:write', 'uploads:delete', 'events:publish'],
    summary: 'Delete one of one\'s own lessons and its file; progress counts only the remaining lessons. 422 for a published course\'s last lesson.',
    params: LessonParams, responses: { 200: OwnCourseResponse }, errors: [403, 404, 409, 422],
  },
} as const satisfies Record<string, RouteDef>;
