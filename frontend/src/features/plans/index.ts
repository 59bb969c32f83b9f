/** What other features may use of plans: My Bookings' weekly lessons section, the tutor dashboard's plans. */
export { WeeklyLessonsSection } from './WeeklyLessonsSection';
export { TutorPlansSection } from './TutorPlansSection';
