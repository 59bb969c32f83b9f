/** What other features may use of disputes: the student's "Report a problem" on a lesson, and the super admin's open disputes. */
export { LessonProblem } from './LessonProblem';
export { OpenDisputes } from './OpenDisputes';
export { disputeKeys } from './keys';
