/** What other features may use of households: the query keys (a parent's learners), the learner pages act for, the learner's progress card. */
export { householdKeys } from './keys';
export { useLearnerScope, scopeKey, type LearnerScope } from './learner-scope';
export { LearnerProgressSummary } from './LearnerProgressSummary';
