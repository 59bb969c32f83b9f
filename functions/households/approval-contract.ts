/** A parent's approval of a child's solo sign-up: the link page's requests and answers (SPA and API). */
import * as z from 'zod';
import { CURRICULA, GRADE_IDS, gradeBelongsTo } from './grades-catalog.js';
import { householdMessages } from './rules.js';

/** The token travels in the body, never the path: paths are in access logs. */
export const ApprovalTokenRequest = z.object({ token: z.string().min(1).max(200) });
export type ApprovalTokenRequest = z.input<typeof ApprovalTokenRequest>;

/** The parent says the child's curriculum and grade (a learner has them; the student did not say). */
export const ApproveRequest = ApprovalTokenRequest.extend({
  curriculum: z.enum(CURRICULA, { error: householdMessages.curriculumRequired }),
  grade: z.enum(GRADE_IDS, { error: householdMessages.gradeRequired }),
}).refine((a) => gradeBelongsTo(a.grade, a.curriculum), { message: householdMessages.gradeOfCurriculum, path: ['grade'] });
export type ApproveRequest = z.input<typeof ApproveRequest>;

/** Who asked, for the link page: the student's name only (the link is the parent's to open). */
export const ApprovalView = z.object({
  student: z.object({ firstName: z.string(), lastName: z.string() }),
  expiresAt: z.string(),
});
export type ApprovalView = z.infer<typeof ApprovalView>;

export const ApprovalAnswer = z.object({ learnerId: z.string().optional(), message: z.string() });
export type ApprovalAnswer = z.infer<typeof ApprovalAnswer>;
