/** What other features may use of courses: the tutor dashboard tab, queries for the student dashboard. */
export { TutorCoursesTab } from './TutorCoursesTab';
export { StudentCourses } from './StudentCourses';
export { catalogueQuery, myEnrolmentsQuery, useEnrol } from './api';
export { courseKeys } from './keys';
export { NO_FILTERS as NO_COURSE_FILTERS } from './catalogue-params';
export { CourseCard } from './CourseCard';
