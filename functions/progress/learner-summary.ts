/**
 * One learner at a glance, for the parent dashboard's card: recent quiz scores and streak
 * (progress), courses in progress (courses) and certificates (certificates), each read by the
 * learner's own keys: 1 GetItem and 2 Queries of PROGRESS#{learnerId}, 1 Query (+1 BatchGet of
 * the courses) of STUDENTCOURSES#{learnerId}, 1 Query of STUDENTCERTS#{learnerId}.
 */
import { certificatesOf } from '../certificates/service.js';
import { coursesInProgress } from '../courses/service.js';
import { ownerOf } from '../households/learner-owner.js';
import type { AuthUser } from '../shared/http.js';
import { PROGRESS_LIMITS, type LearnerProgress } from './contract.js';
import { progressOf } from './service.js';

/** How many certificates the card lists (the newest). */
const CARD_CERTIFICATES = 10;

/** GET /api/me/learners/{learnerId}/progress: 404 (households' learnerOfCaller) for a learner not in the caller's household. */
export async function learnerProgress(user: AuthUser, learnerId: string, now = new Date()): Promise<LearnerProgress> {
  const { ownerId } = await ownerOf(user, learnerId);
  const [progress, courses, { certificates }] = await Promise.all([
    progressOf(ownerId, user.id, now), coursesInProgress(ownerId), certificatesOf(ownerId, CARD_CERTIFICATES),
  ]);
  return {
    recentScores: progress.recentGames.slice(0, PROGRESS_LIMITS.recentGames)
      .map(({ gameId, subject, percent, finishedAt }) => ({ gameId, subject, percent, finishedAt })),
    streakDays: progress.streakDays,
    coursesInProgress: courses,
    certificates: certificates.map(({ code, courseTitle, issuedAt, status }) => ({ code, courseTitle, issuedAt, status })),
  };
}
