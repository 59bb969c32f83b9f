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
  windowClosed: (when: string) => `This class has closed: it could be joined until 30 minutes after the lesson ended. The lesson was on ${when}.`,
} as const;

/** Live session labels, by state. */
export const LIVE_SESSION_LABELS = {
  not_created: 'Ready to Start',
  created: 'Meeting Ready',
  active: 'Live Session',
  ended: 'Session Ended',
} as const;
