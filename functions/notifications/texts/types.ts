/**
 * Every text of the e-mails, one catalog per language (en.ts, sw.ts): functions of the values they
 * show, so TypeScript holds each language to the same e-mails and the same values. Names, subjects
 * of study, links and codes are data; amounts and times arrive already formatted in the reader's
 * language (functions/shared/display.ts).
 */
export type ReminderLead = '24h' | '1h';
export type RescheduleStep = 'proposed' | 'accepted' | 'declined' | 'withdrawn';

export interface EmailTexts {
  hello: (firstName: string) => string;
  signature: string;
  when: (time: string) => string;
  duration: (minutes: number) => string;
  yourBookings: (link: string) => string;
  yourDashboard: (link: string) => string;
  welcome: {
    subject: string;
    intro: string;
    tutorKyc: string;
    tutorDashboard: (link: string) => string;
    findTutor: (link: string) => string;
    adminRequested: string;
  };
  bookingConfirmed: {
    studentSubject: (subject: string, tutorName: string) => string;
    studentIntro: string;
    subjectLine: (subject: string) => string;
    paid: (amount: string) => string;
    tutorSubject: (subject: string, studentName: string) => string;
    tutorIntro: (studentName: string) => string;
  };
  kycApproved: { subject: string; body: string[]; availability: (link: string) => string };
  reminder: {
    startsIn: Record<ReminderLead, string>;
    subject: (subject: string, otherName: string, startsIn: string) => string;
    intro: (subject: string, otherName: string, startsIn: string) => string;
    join: (link: string) => string;
  };
  /** To a tutor whose lesson report is still missing a day after the lesson. */
  reportReminder: {
    subject: (subject: string, studentName: string) => string;
    body: (subject: string, studentName: string, until: string) => string[];
    write: (link: string) => string;
  };
  lessonCompleted: { subject: (subject: string, tutorName: string) => string; body: (subject: string, tutorName: string) => string[] };
  cancelled: {
    subject: (subject: string, otherName: string) => string;
    intro: (subject: string, otherName: string, time: string) => string;
    tutorNoShow: string;
    cancelledBy: (name: string) => string;
    cancelledByNobody: string;
    refundedBySupport: string;
    reason: (reason: string) => string;
    notPaid: string;
    refunded: string;
    notRefunded: string;
    creditReturned: string;
    creditUsed: string;
  };
  /** A weekly plan its tutor declined before its first payment, to the family. */
  planDeclined: {
    subject: (subject: string, tutorName: string) => string;
    intro: (subject: string, tutorName: string, weekly: string) => string;
    reason: (reason: string) => string;
    nothingCharged: string;
    findAnother: (link: string) => string;
  };
  /**
   * A weekly plan its family ended: to the family (what is refunded, what is kept, what is
   * released) and to the tutor (which lessons are off their calendar, which still happen).
   * `lessons` are the dates, already formatted and joined.
   */
  planEnded: {
    subject: (subject: string, otherName: string) => string;
    familyIntro: (subject: string, tutorName: string) => string;
    refunded: (count: number, amount: string, lessons: string) => string;
    nothingRefunded: string;
    kept: (lessons: string) => string;
    released: (lessons: string) => string;
    tutorIntro: (subject: string, familyName: string) => string;
    /** The plan ended because the tutor stopped teaching (cause tutor_stopped): the intros say so, and why nothing is kept. */
    familyIntroTutorStopped: (subject: string, tutorName: string) => string;
    tutorIntroStopped: (subject: string, familyName: string) => string;
    reason: (reason: string) => string;
    tutorReleased: (lessons: string) => string;
    tutorKept: (lessons: string) => string;
  };
  /**
   * Some weeks of a weekly plan its family paused: the intros name the weeks (`weeks` from the
   * week of `from`, a formatted date); what is refunded, kept and released is said as for an
   * ending (planEnded's lines).
   */
  planPaused: {
    subject: (subject: string, otherName: string) => string;
    familyIntro: (subject: string, tutorName: string, weeks: number, from: string) => string;
    tutorIntro: (subject: string, familyName: string, weeks: number, from: string) => string;
    goesOn: string;
  };
  reschedule: Record<RescheduleStep, { subject: string; lines: (otherName: string, from: string, to: string) => string[] }> & {
    subject: (step: string, subject: string, otherName: string) => string;
  };
  refundProcessed: { subject: (amount: string) => string; body: (amount: string, reference: string) => string[] };
  /** A payment confirmed, to the payer: what it paid for, the amount, the provider reference and when. */
  paymentReceipt: {
    subject: (amount: string, what: string) => string;
    intro: string;
    lesson: (subject: string, tutorName: string) => string;
    course: (title: string) => string;
    paidFor: (what: string) => string;
    amount: (amount: string) => string;
    reference: (reference: string) => string;
    paidOn: (time: string) => string;
    keep: string;
  };
  /** A super admin decided a problem reported with a lesson; `when` is the lesson's time, amounts formatted. */
  disputeDecided: {
    subject: (subject: string) => string;
    intro: (subject: string, when: string) => string;
    studentOutcome: { full_refund: (amount: string) => string; partial_refund: (amount: string, paid: string) => string; release: string };
    tutorOutcome: { full_refund: string; partial_refund: (amount: string, paid: string) => string; release: string };
    note: (note: string) => string;
  };
  courseEnrolled: { subject: (title: string) => string; intro: (title: string, tutorName: string) => string; open: (link: string) => string };
  certificateIssued: {
    subject: (title: string) => string;
    congratulations: (title: string, tutorName: string) => string;
    link: (link: string) => string;
    code: (code: string) => string;
  };
  payoutDetailsChanged: {
    subject: string;
    added: string;
    changed: string;
    paidTo: (where: string) => string;
    when: (time: string) => string;
    notYou: string;
  };
  payoutPaid: {
    subject: (amount: string) => string;
    sent: (amount: string, reference: string) => string;
    timing: string;
    earnings: (link: string) => string;
  };
  conversationUnread: {
    subject: (senderName: string) => string;
    wrote: (senderName: string) => string;
    attachment: string;
    reply: (link: string) => string;
    why: string;
  };
  payoutFailed: {
    subject: (amount: string) => string;
    failed: (amount: string, reference: string, reason: string) => string;
    next: string;
  };
  parentApproval: {
    greeting: string;
    subject: (studentName: string) => string;
    intro: (studentName: string) => string;
    limits: string;
    approve: (link: string, expiresOn: string) => string;
    notYou: string;
    /** One SMS page (160 characters with the link). */
    sms: (studentName: string, link: string) => string;
  };
}
