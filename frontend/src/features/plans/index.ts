/** What other features may use of plans: My Bookings' weekly lessons section. */
export { WeeklyLessonsSection } from './WeeklyLessonsSection';
