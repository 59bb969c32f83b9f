/** What other features may use of live lessons: Start Class on the tutor's Bookings tab. */
export { useCreateLiveSession } from './live-api';
export { liveFailure, type LiveLinkState } from './live-view';
