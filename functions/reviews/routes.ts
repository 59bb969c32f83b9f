/**
 * Routes: reviews of completed lessons, the tutor's reply, a super admin's hide, the public list.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import {
  FeaturedReviewList, HideReviewRequest, MessageResponse, MyReviewList, MyReviewResponse, ReplyToReviewRequest, ReviewList, ReviewParams,
  ReviewResponse, TutorReviewsParams, TutorReviewsQuery, WriteReviewRequest,
} from './contract.js';
import { FEATURED_MIN_RATING, FEATURED_REVIEWS, REVIEW_EDIT_DAYS } from './rules.js';
import { STUDENT_OR_PARENT } from '../auth/roles-catalog.js';
import type { RouteDef } from '../shared/route-def.js';

export const reviewsRoutes = {
  writeReview: {
    method: 'POST', path: '/api/bookings/{bookingId}/review', handler: 'reviews/handlers/write-review', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'The student of a completed, paid lesson rates the tutor 1–5 with an optional comment; once per lesson (409), someone else\'s lesson 403, a lesson not yet completed 422.',
    params: ReviewParams, body: WriteReviewRequest, responses: { 201: MyReviewResponse }, errors: [403, 404, 409, 422],
  },
  updateReview: {
    method: 'PUT', path: '/api/bookings/{bookingId}/review', handler: 'reviews/handlers/update-review', access: STUDENT_OR_PARENT,
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: `Edit one's own review within ${REVIEW_EDIT_DAYS} days of writing it (422 after, or once hidden).`,
    params: ReviewParams, body: WriteReviewRequest, responses: { 200: MyReviewResponse }, errors: [403, 404, 409, 422],
  },
  listMyReviews: {
    method: 'GET', path: '/api/me/reviews', handler: 'reviews/handlers/list-my-reviews', access: STUDENT_OR_PARENT,
    grants: ['table:read'],
    summary: 'The reviews the signed-in student wrote, newest first (with whether the team hid one).',
    responses: { 200: MyReviewList },
  },
  listTutorReviews: {
    method: 'GET', path: '/api/tutors/{tutorId}/reviews', handler: 'reviews/handlers/list-tutor-reviews', access: 'public',
    grants: ['table:read'],
    summary: 'A tutor\'s visible reviews, newest first, paged (cursor, limit ≤ 20).',
    params: TutorReviewsParams, query: TutorReviewsQuery, responses: { 200: ReviewList },
  },
  listFeaturedReviews: {
    method: 'GET', path: '/api/reviews/featured', handler: 'reviews/handlers/list-featured-reviews', access: 'public',
    grants: ['table:read'],
    summary: `The home page's quotes: up to ${FEATURED_REVIEWS} newest reviews whose authors agreed to be quoted, ${FEATURED_MIN_RATING}–5 stars with a comment, not hidden; first names only.`,
    responses: { 200: FeaturedReviewList },
  },
  replyToReview: {
    method: 'POST', path: '/api/reviews/{bookingId}/reply', handler: 'reviews/handlers/reply-to-review', access: ['tutor'],
    grants: ['table:read', 'table:write'],
    summary: 'The reviewed tutor replies once (409 for a second reply).',
    params: ReviewParams, body: ReplyToReviewRequest, responses: { 200: ReviewResponse }, errors: [403, 404, 409],
  },
  hideReview: {
    method: 'POST', path: '/api/admin/reviews/{bookingId}/hide', handler: 'reviews/handlers/hide-review', access: ['super_admin'],
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'Hide an abusive review with a reason (audited); its stars leave the tutor\'s rating.',
    params: ReviewParams, body: HideReviewRequest, responses: { 200: MessageResponse }, errors: [404, 409],
  },
} as const satisfies Record<string, RouteDef>;
