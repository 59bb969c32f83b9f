/** What other features may use of households: the query keys (a parent's learners) and which child the pages act for. */
export { householdKeys } from './keys';
export { useActiveLearner, type ActiveLearner } from './active-learner';
