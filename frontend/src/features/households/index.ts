/** What other features may use of households: the query keys (a parent's learners), which child the pages act for, a student's family notice and the payer-only gate, the learner's progress card. */
export { householdKeys } from './keys';
export { FamilyNotice, PayerOnly } from './FamilyNotice';
export { useActiveLearner, useLearnerFirstName, type ActiveLearner } from './active-learner';
export { useLearnerScope, scopeKey, type LearnerScope } from './learner-scope';
export { LearnerProgressSummary } from './LearnerProgressSummary';
