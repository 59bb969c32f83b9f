/** What other features may use of households: the query keys (a parent's learners), a student's family notice and the payer-only gate. */
export { householdKeys } from './keys';
export { FamilyNotice, PayerOnly } from './FamilyNotice';
