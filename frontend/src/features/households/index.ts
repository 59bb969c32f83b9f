/** What other features may use of households: the query keys (a parent's learners). */
export { householdKeys } from './keys';
export { useActiveLearner } from './active-learner';
