/** What other features may use of bookings: the dashboards' booking sections, their query keys, and the in-page M-Pesa checkout. */
export { TutorBookingsTab, TutorEarningsTab } from './TutorBookings';
export { TutorStatCards } from './TutorStatCards';
export { UpcomingClasses } from './UpcomingClasses';
export { bookingKeys } from './keys';
export { MpesaCheckout } from './MpesaCheckout';
export { bookingDateOptions } from './booking-options';
