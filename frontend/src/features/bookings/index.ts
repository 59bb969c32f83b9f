/** What other features may use of bookings: the dashboards' booking sections. */
export { TutorBookingsTab, TutorEarningsTab, TutorStatCards } from './TutorBookings';
export { UpcomingClasses } from './UpcomingClasses';
