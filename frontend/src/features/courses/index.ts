/** What other features may use of courses: the tutor dashboard tab, queries for the student dashboard. */
export { TutorCoursesTab } from './TutorCoursesTab';
export { catalogueQuery, myEnrolmentsQuery, useEnrol } from './api';
export { courseKeys } from './keys';
export { coursePrice } from './format';
