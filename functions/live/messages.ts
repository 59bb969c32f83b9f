/** Live session texts; zod-free so the SPA page can show them without the contracts. */
export const liveMessages = {
  /** 404: the page shows it and goes to /dashboard. */
  bookingNotFound: 'Booking not found',
  /** 403: title and text. */
  accessDeniedTitle: 'Access Denied',
  accessDenied: 'You are not authorized to access this session',
  /** 402: title and text; the page goes to /my-bookings. */
  paymentRequiredTitle: 'Payment Required',
  paymentRequired: 'This session requires payment confirmation',
  loadFailed: 'Failed to load session details',
  createFailed: 'Failed to create meeting room',
  joinFailed: 'Failed to join meeting',
  endFailed: 'Failed to end meeting',
  sessionNotFound: 'Session not found',
  meetingCreated: 'Meeting Created',
  meetingEnded: 'Meeting Ended',
  classStartedTitle: 'Class Started',
  classStarted: 'Live session has been created successfully. Students can now join.',
  classStartFailed: 'Failed to start class',
  waitingForTutor: 'Waiting for tutor to start the session...',
  onlyTutor: 'Only the tutor of this lesson can do this.',
  notActive: 'This session is not live, so it cannot be ended.',
  alreadyEnded: 'This session has ended.',
  /** 409 to the tutor joining a room they have not created yet. */
  createFirst: 'Start the class first: the meeting room has not been created yet.',
  /** 422 outside the window; `when` is the lesson's start in the viewer's zone ("Monday, 23 November 2026 at 09:00 (EAT)"). */
  notOpenYet: (when: string) => `This class opens 15 minutes before the lesson starts. The lesson is on ${when}.`,
  /** 409 for a booking that has no class, whoever asks and however it was paid. */
  lessonCancelled: 'This lesson was cancelled, so its class can no longer be opened or joined. My Bookings shows any refund.',
  bookingExpired: 'This booking was not paid in time, so it has no class to open or join. Please book again.',
  paymentRefunded: 'The payment for this lesson was refunded, so its class can no longer be opened or joined.',
  /** 422 to a tutor ending a class before the lesson's start; `when` as in notOpenYet. */
  endBeforeStart: (when: string) => `The lesson starts on ${when}. A class can be ended from then on; to call the lesson off, cancel the booking in My Bookings.`,
  windowClosed: (when: string) => `This class has closed: it could be joined until 30 minutes after the lesson ended. The lesson was on ${when}.`,
} as const;

/** Live session labels, by state. */
export const LIVE_SESSION_LABELS = {
  not_created: 'Ready to Start',
  created: 'Meeting Ready',
  active: 'Live Session',
  ended: 'Session Ended',
} as const;

/** What the classroom's leave page posts to the lesson page around it (left-page.ts owns the page). */
export { LEFT_CLASSROOM_MESSAGE } from './left-page.js';
