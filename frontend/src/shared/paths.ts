/**
 * Every in-app path, built in one place: app/routes.tsx declares the routes
 * from `routePatterns`, and every Link, navigate and redirect asks `paths` for its target.
 */
const id = (value: string) => encodeURIComponent(value);

/** A time the student picked in a tutor's calendar: an exact start, or only a date. */
export type WantedTime = { start: string } | { date: string };

export const paths = {
  home: '/',
  auth: '/auth',
  dashboard: '/dashboard',
  studentDashboard: '/student-dashboard',
  parentDashboard: '/parent-dashboard',
  tutorDashboard: '/tutor-dashboard',
  tutorAvailability: '/tutor-availability',
  superAdminDashboard: '/super-admin-dashboard',
  adminDashboard: '/admin-dashboard',
  twoStepSetup: '/two-step-setup',
  adminEnrolment: '/admin-enrolment',
  myBookings: '/my-bookings',
  /** A parent's learners (the household). */
  myChildren: '/my-children',
  /** A student enters their parent's pairing code (households). */
  joinFamily: '/join-family',
  /** A parent's approval of a child's solo sign-up; the link carries its token in the fragment (households). */
  parentApproval: '/parent-approval',
  paymentCallback: '/payment-callback',
  help: '/help',
  contact: '/contact',
  privacy: '/privacy',
  /** Privacy and your data: export, deletion (signed-in users). */
  accountPrivacy: '/account/privacy',
  /** The signed-in user's verified phone number (phones). */
  accountPhone: '/account/phone',
  /** Notifications: the channel per kind of message (signed-in users). */
  accountNotifications: '/account/notifications',
  liveDemo: '/live-tutoring/demo-session',
  aiLearning: '/ai-learning',
  /** Pages of later milestones, linked to already (they answer Not Found until then). */
  courses: '/course-dashboard',
  browse: (filters?: { subject?: string }) => (filters?.subject ? `/browse-tutors?subject=${id(filters.subject)}` : '/browse-tutors'),
  tutorProfile: (tutorId: string) => `/tutor-profile/${id(tutorId)}`,
  /** A subject landing page (/tutors/mathematics, /tutors/kcse-chemistry: functions/tutors/subject-pages.ts). */
  subjectTutors: (slug: string) => `/tutors/${id(slug)}`,
  /** A grade page under an exam page (/tutors/kcse-chemistry/844-form-4). */
  gradeTutors: (slug: string, grade: string) => `/tutors/${id(slug)}/${id(grade)}`,
  bookTutor: (tutorId: string, wanted?: WantedTime) => {
    const query = !wanted ? '' : 'start' in wanted ? `?start=${id(wanted.start)}` : `?date=${wanted.date}`;
    return `/book-tutor/${id(tutorId)}${query}`;
  },
  /** Setting up weekly lessons with a tutor (plans): a weekday, a time and how long. */
  weeklyLessons: (tutorId: string) => `/weekly-lessons/${id(tutorId)}`,
  /** Buying one of a tutor's lesson packs (packs): the learner and the subject. */
  buyPack: (tutorId: string, offerId: string) => `/lesson-packs/${id(tutorId)}?offer=${id(offerId)}`,
  /** One of the family's packs: its checkout while unpaid, then booking its lessons. */
  pack: (packId: string) => `/packs/${id(packId)}`,
  liveSession: (bookingId: string) => `/live-tutoring/${id(bookingId)}`,
  /** Paying for a held lesson (M-Pesa prompt first, card on Paystack's page). */
  pay: (bookingId: string) => `/pay/${id(bookingId)}`,
  /** The tutor's report of a completed lesson (reports). */
  lessonReport: (bookingId: string) => `/lesson-report/${id(bookingId)}`,
  /** A learner's reported lessons and homework (reports); a parent names the child. */
  lessonHistory: (learnerId?: string) => (learnerId ? `/lessons?learner=${id(learnerId)}` : '/lessons'),
  /** A learner's progress by subject over the last weeks (progress); a parent names the child. */
  progressSubjects: (learnerId?: string) => (learnerId ? `/progress/subjects?learner=${id(learnerId)}` : '/progress/subjects'),
  /** A learner's weekly progress report (weeklyreports; the e-mail links here). */
  weeklyReport: (learnerId: string, week: string) => `/weekly-reports/${id(learnerId)}/${id(week)}`,
  /** Conversations with tutors and families; the open one in the query (`?c=`). */
  messages: (conversationId?: string) => (conversationId ? `/messages?c=${id(conversationId)}` : '/messages'),
  /** A conversation is named in the query (`?c=`), so a reload (or the way back from /auth) reopens it. */
  aiStudyAssistant: (conversationId?: string) => (conversationId ? `/ai-study-assistant?c=${id(conversationId)}` : '/ai-study-assistant'),
  courseCreation: '/app/course-creation',
  /** The course form on an existing course (its lessons and publishing). */
  editCourse: (courseId: string) => `/app/course-creation?course=${id(courseId)}`,
  course: (courseId: string) => `/courses/${id(courseId)}`,
  /** /ai-learning with a subject chosen (the dashboard's subject grid). */
  aiLearningSubject: (subject: string) => `/ai-learning?subject=${id(subject)}`,
  /** The Admin Dashboard's Transactions tab (all payments, refunds). */
  adminTransactions: '/admin-dashboard?tab=transactions',
  /** A certificate's public verification page (its QR code points here). */
  certificate: (code: string) => `/certificates/${id(code)}`,
  /** /certification, optionally on one of its tabs. */
  certification: (tab?: string) => (tab ? `/certification?tab=${id(tab)}` : '/certification'),
} as const;

/** The route patterns (relative, as <Route path> wants them) of the paths that take a parameter. */
export const routePatterns = {
  tutorProfile: 'tutor-profile/:tutorId',
  subjectTutors: 'tutors/:slug',
  gradeTutors: 'tutors/:slug/:grade',
  bookTutor: 'book-tutor/:tutorId',
  pay: 'pay/:bookingId',
  lessonReport: 'lesson-report/:bookingId',
  weeklyReport: 'weekly-reports/:learnerId/:week',
  weeklyLessons: 'weekly-lessons/:tutorId',
  buyPack: 'lesson-packs/:tutorId',
  pack: 'packs/:packId',
  /** Also matches the demo room's path: that route is declared beside it and wins (no parameter). */
  liveSession: 'live-tutoring/:bookingId',
  /** The student dashboard's second address. */
  appDashboard: 'app/dashboard',
  course: 'courses/:courseId',
  certificate: 'certificates/:code',
} as const;

/** A fixed path as a <Route path>: "/my-bookings" → "my-bookings". */
export const routePath = (path: string) => path.slice(1);
