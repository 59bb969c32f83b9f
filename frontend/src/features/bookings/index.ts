/** What other features may use of bookings: the dashboards' booking sections, and their query keys. */
export { TutorBookingsTab, TutorEarningsTab } from './TutorBookings';
export { TutorStatCards } from './TutorStatCards';
export { UpcomingClasses } from './UpcomingClasses';
export { bookingKeys } from './keys';
