/**
 * Progress by subject (GET /api/progress/subjects): a learner's quiz games and lessons held
 * over the last weeks, grouped by subject and week (subject-rules.ts composes). Read by the
 * learner's own keys, bounded by dates: 1 paged Query of PROGRESS#{ownerId} (games in the
 * weeks), 1 paged Query of FAMILYLESSONS#{ownerId} (lessons in the weeks and the 4 before, for
 * homework due in them) and a BatchGet of those lessons' reports; never a learner's whole history.
 */
import { ownerOf } from '../households/learner-owner.js';
import { getProfile } from '../profiles/service.js';
import { reportedLessonsBetween } from '../reports/learner-lessons.js';
import type { AuthUser } from '../shared/http.js';
import type { SubjectProgress } from './contract.js';
import { gamesFinishedBetween } from './repository.js';
import { usableTimeZone } from './rules.js';
import { composeSubjectProgress, readWindow, SUBJECT_PROGRESS_LIMITS, weekStarts } from './subject-rules.js';

/** The caller's own (a student; a linked login: their learner's), or a parent's learner's (404 for one not in the household). */
export async function subjectProgress(user: AuthUser, learnerId: string | undefined, now = new Date()): Promise<SubjectProgress> {
  const { ownerId, learner } = await ownerOf(user, learnerId);
  // The household's calendar: a child's weeks are their parent's.
  const timeZone = usableTimeZone((await getProfile(learner?.parentId ?? user.id))?.timeZone);
  const weeks = weekStarts(now, timeZone);
  const games = readWindow(weeks);
  const lessons = readWindow(weeks, SUBJECT_PROGRESS_LIMITS.homeworkWeeksBack);
  const [played, reported] = await Promise.all([
    gamesFinishedBetween(ownerId, games.from.toISOString(), games.to.toISOString()),
    reportedLessonsBetween(ownerId, lessons.from, lessons.to),
  ]);
  return composeSubjectProgress({ now, timeZone, games: played, lessons: reported });
}
