/**
 * Resource definitions shared by the CDK constructs and the local provisioning, so the
 * emulator and AWS can't drift: key schema, indexes, groups, bus, rules and their consumers,
 * and the timed jobs.
 */
import { SHARE_IMAGE_FILES } from '../../functions/sitepages/files.js';
import type { DetailType } from '../../events/index.js';
import type { Grant } from '../../functions/routes.js';

export const APP_NAME = 'alp';

export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Overloaded GSIs; each item sets only the ones it needs (sparse). */
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  timeToLiveAttribute: 'expiresAt',
} as const;

/** Cognito groups; the groups claim in the token is what handlers authorise on. */
export { ROLES as USER_GROUPS } from '../../functions/auth/roles.js';

/**
 * The scope every Cognito access token carries (ID tokens carry no scope). API Gateway's JWT
 * authorizer requires it on every signed-in route, so only access tokens pass, as locally.
 */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/**
 * The user pool's floor (CDK and the local emulator's pool): the length only. The list of common
 * passwords is checked by the sign-up contract and the SPA's forms (functions/auth/common-passwords-catalog.ts).
 */
export const passwordPolicy = { minLength: 8 } as const;

/**
 * Second factor: optional per user, authenticator apps (TOTP) only, no SMS. Super admins must
 * have it: httpRoute refuses them on admin routes until they set it up (functions/auth/mfa.ts).
 */
export const mfaPolicy = { configuration: 'OPTIONAL', totp: true, sms: false } as const;

/** Private bucket for every user upload (KYC, photos, course media), under per-user prefixes. */
export const UPLOADS_BUCKET_SUFFIX = 'uploads';

export interface EventConsumer {
  /** Stable name: queue `${name}` and DLQ `${name}-dlq`. */
  name: string;
  /** The event it reacts to, or several (one queue, rule and function for all of them). */
  detailType: DetailType | readonly [DetailType, ...DetailType[]];
  /** functions/{handler}.ts exports `handler` (an SQS batch handler). */
  handler: string;
  grants: readonly Grant[];
  maxReceiveCount: number;
  /**
   * At most this many batches at once (the SQS event source's maximum concurrency on AWS, the
   * local runner's concurrent batches); default DEFAULT_POLLER_CONCURRENCY (constructs/concurrency.ts).
   */
  maxConcurrency?: number;
  /** Files copied beside the bundle (project-relative; AppFunction `extraFiles`), e.g. the share image's WebAssembly and fonts. */
  extraFiles?: readonly string[];
  /**
   * Renders record pages: the page renderer (the web build's .local/page-renderer, frontend/page-renderer-build.ts)
   * is copied into its asset and PAGE_RENDERER_DIR names it (infra/aws/constructs/events.ts).
   */
  pageRenderer?: true;
}

/** The detail-types a consumer's rule matches. */
export const consumerDetailTypes = (consumer: Pick<EventConsumer, 'detailType'>): DetailType[] =>
  typeof consumer.detailType === 'string' ? [consumer.detailType] : [...consumer.detailType];

/** Each rule targets its own SQS queue (with DLQ); a consumer Lambda reads the queue. */
export const eventConsumers: readonly EventConsumer[] = [
  {
    name: 'welcome-email',
    detailType: 'UserSignedUp',
    handler: 'notifications/consumers/send-welcome-email',
    grants: ['table:write', 'email:send'],
    maxReceiveCount: 5,
  },
  {
    name: 'parent-approval',
    detailType: 'ParentApprovalRequested',
    handler: 'notifications/consumers/send-parent-approval',
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms'],
    maxReceiveCount: 5,
  },
  {
    name: 'booking-confirmation',
    detailType: 'PaymentConfirmed',
    handler: 'notifications/consumers/send-booking-confirmation',
    // By the channel the recipient chose (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    maxReceiveCount: 5,
  },
  {
    name: 'kyc-approved-email',
    detailType: 'KycApproved',
    handler: 'notifications/consumers/send-kyc-approved',
    grants: ['table:read', 'table:write', 'email:send'],
    maxReceiveCount: 5,
  },
  {
    name: 'lesson-completed-email',
    detailType: 'LessonCompleted',
    handler: 'notifications/consumers/send-lesson-completed',
    grants: ['table:read', 'table:write', 'email:send'],
    maxReceiveCount: 5,
  },
  {
    name: 'booking-cancelled-email',
    detailType: 'BookingCancelled',
    handler: 'notifications/consumers/send-booking-cancelled',
    // By the channel the recipient chose for lesson changes (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    maxReceiveCount: 5,
  },
  {
    name: 'plan-declined-notice',
    detailType: 'PlanDeclined',
    handler: 'notifications/consumers/send-plan-declined',
    // By the channel the family chose for lesson changes (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    maxReceiveCount: 5,
  },
  {
    name: 'plan-ended-notice',
    detailType: 'PlanEnded',
    handler: 'notifications/consumers/send-plan-ended',
    // By the channel each party chose for lesson changes (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    maxReceiveCount: 5,
  },
  {
    name: 'plan-tutor-stopped',
    detailType: 'TutorProfileChanged',
    handler: 'plans/consumers/end-stopped-tutor-plans',
    // A suspended tutor's plans end: their lessons cancelled, shares refunded at Paystack, PlanEnded told.
    grants: ['table:read', 'table:write', 'events:publish', 'payments:secret'],
    maxReceiveCount: 5,
  },
  {
    name: 'plan-paused-notice',
    detailType: 'PlanPaused',
    handler: 'notifications/consumers/send-plan-paused',
    // By the channel each party chose for lesson changes (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    maxReceiveCount: 5,
  },
  {
    name: 'lesson-reschedule-email',
    detailType: 'LessonReschedule',
    handler: 'notifications/consumers/send-lesson-reschedule',
    // By the channel the recipient chose for lesson changes (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    maxReceiveCount: 5,
  },
  {
    name: 'tutor-lessons-taught',
    detailType: 'LessonCompleted',
    handler: 'tutors/consumers/count-lesson-taught',
    // Tells the tutor's page (TutorProfileChanged) once the counts it shows moved.
    grants: ['table:read', 'table:write', 'events:publish'],
    maxReceiveCount: 5,
  },
  {
    name: 'lesson-progress',
    detailType: 'LessonCompleted',
    handler: 'progress/consumers/count-completed-lesson',
    grants: ['table:read', 'table:write'],
    maxReceiveCount: 5,
  },
  {
    name: 'lesson-history',
    detailType: 'LessonCompleted',
    handler: 'reports/consumers/add-held-lesson',
    // Reads the booking (whose learner); writes the lesson into the learner's history.
    grants: ['table:read', 'table:write'],
    maxReceiveCount: 5,
  },
  {
    name: 'weekly-activity',
    detailType: ['LessonCompleted', 'LessonReportApproved'],
    handler: 'weeklyreports/consumers/mark-week-activity',
    // Reads the booking and its approved report; writes the learner's week markers.
    grants: ['table:read', 'table:write'],
    maxReceiveCount: 5,
  },
  {
    name: 'refund-processed-email',
    detailType: 'RefundProcessed',
    handler: 'notifications/consumers/send-refund-processed',
    grants: ['table:read', 'table:write', 'email:send'],
    maxReceiveCount: 5,
  },
  {
    name: 'payment-receipt',
    detailType: 'PaymentConfirmed',
    handler: 'notifications/consumers/send-payment-receipt',
    // By the channel the payer chose for receipts (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    maxReceiveCount: 5,
  },
  {
    name: 'course-enrolled-email',
    detailType: 'PaymentConfirmed',
    handler: 'notifications/consumers/send-course-enrolled',
    grants: ['table:read', 'table:write', 'email:send'],
    maxReceiveCount: 5,
  },
  // The ledger (functions/ledger/service.ts): one queue for the three events that move money, so
  // they cost one function's resources; more receives, as a lesson's completion or a late cancel
  // may arrive before its payment's entry and waits for it.
  {
    name: 'ledger',
    detailType: ['PaymentConfirmed', 'LessonCompleted', 'BookingCancelled'],
    handler: 'ledger/consumers/record-money',
    grants: ['table:read', 'table:write'],
    maxReceiveCount: 10,
    // Each entry adds to a tutor's balances and one platform balances shard: a bounded number of
    // writers keeps conflicts on those items rare.
    maxConcurrency: 5,
  },
  // The platform counters (functions/admin/keys.ts), added once per occurrence outside the
  // user's transaction; and a course's enrolment count the same way (functions/courses).
  {
    name: 'platform-stats',
    detailType: ['UserSignedUp', 'BookingCreated', 'PaymentConfirmed'],
    handler: 'admin/consumers/count-platform-stats',
    grants: ['table:write'],
    maxReceiveCount: 10,
    maxConcurrency: 5,
  },
  {
    name: 'course-enrolments',
    detailType: ['CourseEnrolled', 'PaymentConfirmed'],
    handler: 'courses/consumers/count-enrolment',
    grants: ['table:write'],
    maxReceiveCount: 10,
    maxConcurrency: 5,
  },
  {
    name: 'course-tutor-name',
    detailType: 'TutorProfileChanged',
    handler: 'courses/consumers/follow-tutor-name',
    // Reads the tutor's profile and courses, rewrites the name copied on each; tells the published courses' pages.
    grants: ['table:read', 'table:write', 'events:publish'],
    maxReceiveCount: 5,
  },
  {
    name: 'course-certificate',
    detailType: 'CourseCompleted',
    handler: 'certificates/consumers/issue-certificate',
    grants: ['table:read', 'table:write', 'events:publish'],
    maxReceiveCount: 5,
  },
  {
    name: 'certificate-email',
    detailType: 'CertificateIssued',
    handler: 'notifications/consumers/send-certificate-issued',
    grants: ['table:read', 'table:write', 'email:send'],
    maxReceiveCount: 5,
  },
  {
    name: 'payout-details-email',
    detailType: 'PayoutDetailsChanged',
    handler: 'notifications/consumers/send-payout-details-changed',
    grants: ['table:read', 'table:write', 'email:send'],
    maxReceiveCount: 5,
  },
  {
    name: 'payout-paid-email',
    detailType: 'PayoutPaid',
    handler: 'notifications/consumers/send-payout-paid',
    // By the channel the recipient chose (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    maxReceiveCount: 5,
  },
  {
    name: 'dispute-decided-email',
    detailType: 'DisputeDecided',
    handler: 'notifications/consumers/send-dispute-decided',
    grants: ['table:read', 'table:write', 'email:send'],
    maxReceiveCount: 5,
  },
  {
    name: 'payout-failed-email',
    detailType: 'PayoutFailed',
    handler: 'notifications/consumers/send-payout-failed',
    // By the channel the recipient chose (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    maxReceiveCount: 5,
  },
  // A tutor's own page and share images (functions/sitepages, docs/decisions/2026-11-28-record-pages.md).
  {
    name: 'tutor-page',
    detailType: ['TutorProfileChanged', 'KycApproved'],
    handler: 'sitepages/consumers/render-tutor-page',
    // Reads the tutor and their photo; writes the page files and invalidates their paths; keeps
    // when it last rendered (so a burst of changes renders once).
    grants: ['table:read', 'table:write', 'uploads:read', 'web:tutor-pages'],
    maxReceiveCount: 5,
    extraFiles: SHARE_IMAGE_FILES,
    pageRenderer: true,
  },
  // A course's own page and share images, and the catalogue's first page (functions/sitepages, docs/decisions/2026-11-29-course-page-consumer.md).
  {
    name: 'course-page',
    detailType: 'CoursePageChanged',
    handler: 'sitepages/consumers/render-course-page',
    // Reads the course and the catalogue; writes the page files and invalidates their paths; keeps
    // when it last rendered (so a burst of changes renders once).
    grants: ['table:read', 'table:write', 'web:course-pages'],
    maxReceiveCount: 5,
    extraFiles: SHARE_IMAGE_FILES,
    pageRenderer: true,
  },
  {
    name: 'privacy-requests',
    detailType: ['PrivacyExportRequested', 'PrivacyDeletionRequested'],
    handler: 'privacy/consumers/privacy-requests',
    // Reads a user's items by their keys, writes the archive and presigns its links; deletes and
    // pseudonymises their items and files; deletes their sign-in (AdminDeleteUser).
    grants: ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:delete', 'uploads:list', 'identity:admin'],
    maxReceiveCount: 5,
  },
];

export interface ScheduledJob {
  /** Stable name: schedule `alp-{stage}-{name}`, DLQ `alp-{stage}-{name}-dlq`. */
  name: string;
  /**
   * When it runs, as EventBridge Scheduler writes it: `rate(15 minutes)`, `cron(0 6 * * ? *)`.
   * Locally every job runs on one timer instead (ALP_SCHEDULE_INTERVAL_MS).
   */
  expression: string;
  /** Time zone of a cron expression (IANA, default UTC), e.g. `Africa/Nairobi` for "8 am in Kenya". */
  timeZone?: string;
  /** functions/{handler}.ts exports `handler`, made with `scheduledJob` (functions/shared/job.ts). */
  handler: string;
  grants: readonly Grant[];
  /** What it does, for the function and schedule descriptions. */
  description: string;
  /** Work queues (workQueues) it sends to: the queue's URL in its environment, sqs:SendMessage on it. */
  sendsTo?: readonly string[];
}

/**
 * Timed jobs (docs/architecture.md "Timed jobs"): an EventBridge Scheduler schedule each on AWS
 * (retries, then a DLQ with an alarm), a timer in the local event runner. Jobs must be safe to
 * run twice (a retry, or a run that overlaps the next one).
 */
export const schedules: readonly ScheduledJob[] = [
  {
    name: 'lessons',
    expression: 'rate(5 minutes)',
    handler: 'live/jobs/lessons',
    // Reads the slices of the paid lessons index that came due and its cursor; sends the work on.
    grants: ['table:read', 'table:write'],
    sendsTo: ['lesson-work'],
    description: 'Finds the lesson reminders (24 h and 1 h ahead), completions and no-show settlements that came due since its last run and sends each to the lesson-work queue.',
  },
  {
    name: 'refunds-due',
    expression: 'rate(15 minutes)',
    handler: 'bookings/jobs/refunds-due',
    grants: ['table:read', 'table:write', 'payments:secret'],
    description: 'Asks the refunds that cancels and tutor no-shows made due but never recorded (the process died in between).',
  },
  {
    name: 'stale-listings',
    expression: 'rate(10 minutes)',
    handler: 'tutors/jobs/stale-listings',
    grants: ['table:read', 'table:write'],
    description: 'Rebuilds the browse entries of tutors whose rating moved after their entries were last built (a crash after a review).',
  },
  {
    name: 'sitemaps',
    expression: 'rate(30 minutes)',
    handler: 'sitemap/jobs/sitemaps',
    // Queries the public tutors' and published courses' index partitions; writes its files to the web bucket.
    grants: ['table:read', 'web:sitemaps'],
    description: 'Rewrites robots.txt, sitemap.xml and the tutors, courses and static sitemaps in the web bucket from the public tutors and published courses.',
  },
  {
    name: 'reply-times',
    expression: 'cron(15 0 * * ? *)',
    handler: 'conversations/jobs/reply-times',
    // Reads the tutors on the reply-expiry index; rewrites their reply times and figures.
    grants: ['table:read', 'table:write'],
    description: 'Daily 00:15 UTC: recomputes the response time of tutors whose oldest first-reply sample left the 30-day window (a tutor with none left shows none).',
  },
  {
    name: 'conversation-unread',
    expression: 'rate(1 minute)',
    handler: 'conversations/jobs/conversation-unread',
    // Reads the minutes' due items, sides, messages and profiles; deletes due items; sends by the
    // channel the recipient chose for unread messages (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    description: 'Every minute: tells the recipient of a conversation message still unread after 10 minutes (e-mail, SMS or WhatsApp as they chose; once per conversation and hour).',
  },
  {
    name: 'ledger-release',
    expression: 'rate(15 minutes)',
    handler: 'ledger/jobs/release-earnings',
    grants: ['table:read', 'table:write'],
    description: 'Makes tutor earnings available for payout once their dispute window has ended.',
  },
  {
    name: 'payouts-weekly',
    expression: 'cron(0 9 ? * MON *)',
    timeZone: 'Africa/Nairobi',
    handler: 'payouts/jobs/weekly-payouts',
    // Reads the payouts in flight and the ledger's tutors with money available; sends the work on.
    grants: ['table:read'],
    sendsTo: ['payout-work'],
    description: 'Mondays 09:00 EAT: sends every tutor with money available, and every payout whose transfer call failed, to the payout-work queue.',
  },
  {
    name: 'ledger-reconcile',
    expression: 'cron(0 3 * * ? *)',
    timeZone: 'Africa/Nairobi',
    handler: 'ledger/jobs/reconcile-provider',
    // Lists Paystack's transactions, refunds and transfers (the secret key); reads the ledger and
    // payment records; writes mismatches to the payment problems list.
    grants: ['table:read', 'table:write', 'payments:secret'],
    description: 'Daily 03:00 EAT: compares the charges, refunds and transfers Paystack made in the two days before with the ledger and payments; mismatches become payment problems and raise the ProviderMismatch alarm.',
  },
  {
    name: 'weekly-reports',
    expression: 'cron(0 18 ? * SUN *)',
    timeZone: 'Africa/Nairobi',
    handler: 'weeklyreports/jobs/weekly-reports',
    // Reads the week's activity shards, each learner's lessons, reports, games and courses, the
    // payer's profile; writes once-only markers; e-mails the report and, by the channel the payer
    // chose for weekly reports, sends its short summary (functions/messaging/notify.ts).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp'],
    description: 'Sundays 18:00 EAT: e-mails each parent (and adult student) one progress report per learner active that week, with a short SMS or WhatsApp summary if they chose one; none for an empty week; once per learner and week.',
  },
];

export interface WorkQueue {
  /** Stable name: queue `alp-{stage}-{name}` and DLQ `alp-{stage}-{name}-dlq`. */
  name: string;
  /** functions/{handler}.ts exports `handler` (made with workConsumer, functions/shared/work-queue.ts). */
  handler: string;
  grants: readonly Grant[];
  maxReceiveCount: number;
  /** Most worker invocations at once (the event source mapping's maximum concurrency, 2–1000). */
  maxConcurrency: number;
  /** Worker timeout; the queue's visibility timeout is six times this (AWS guidance). */
  timeoutSeconds: number;
  description: string;
}

/**
 * Work a timed job fans out (functions/shared/work-queue.ts): the job finds what is due by key,
 * one message per piece of work; a worker with bounded concurrency does each, idempotently.
 */
export const workQueues: readonly WorkQueue[] = [
  {
    name: 'lesson-work',
    handler: 'live/workers/lesson-work',
    // Reads the booking, attendance and profiles; writes once-only markers and completions; sends
    // reminders by SMS, WhatsApp or e-mail; publishes LessonCompleted. No-shows: refunds a lesson its
    // tutor missed (Paystack).
    grants: ['table:read', 'table:write', 'email:send', 'messaging:sms', 'messaging:whatsapp', 'events:publish', 'payments:secret'],
    maxReceiveCount: 5,
    maxConcurrency: 10,
    timeoutSeconds: 30,
    description: 'One lesson\'s reminder, completion or no-show settlement, as the lessons job found it due.',
  },
  {
    name: 'payout-work',
    handler: 'payouts/workers/payout-work',
    // Opens payouts (ledger + payout items), calls Paystack Transfers, publishes PayoutPaid/Failed.
    grants: ['table:read', 'table:write', 'payments:secret', 'events:publish'],
    maxReceiveCount: 5,
    // Paystack's transfer calls, at most 5 tutors at a time.
    maxConcurrency: 5,
    timeoutSeconds: 30,
    description: 'One tutor\'s weekly payout (their whole available balance, at least the minimum, if KYC-approved with payout details) through Paystack Transfers, or one payout\'s resend.',
  },
];

/** Sender address of the product's e-mail (SES identity). */
export const DEFAULT_EMAIL_FROM = 'no-reply@learn.africa.local';
/**
 * Where users write and call for help (the Help and Contact pages, the sign-in screen;
 * RuntimeConfig.supportEmail and supportPhone). Placeholders that read like real contacts, so
 * screens look finished: the .example domain is reserved (mail to it reaches nobody) and the
 * number is no support line. Set your own (context supportEmail / supportPhone; locally
 * ALP_SUPPORT_EMAIL / ALP_SUPPORT_PHONE) before launch: docs/operations.md.
 */
export const DEFAULT_SUPPORT_EMAIL = 'support@africaslearning.example';
export const DEFAULT_SUPPORT_PHONE = '+254 709 000 100';
