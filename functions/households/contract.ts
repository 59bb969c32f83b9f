/** Households contract: a parent's learners (children), shared by the API and the SPA's form. */
import * as z from 'zod';
import { BoundedId } from '../../events/shared/ids.js';
import { userText } from '../shared/text.js';
import { TUTOR_SUBJECTS } from '../tutors/catalog.js';
import { CURRICULA, GRADE_IDS, gradeBelongsTo } from './grades-catalog.js';
import { householdMessages, MAX_NAME_LENGTH, MAX_SCHOOL_LENGTH, MAX_SUBJECTS } from './rules.js';
import { normalisePairingCode, pairingMessages } from './pairing-rules.js';

export { householdMessages, MAX_LEARNERS, MAX_NAME_LENGTH, MAX_SCHOOL_LENGTH, MAX_SUBJECTS } from './rules.js';

const name = (required: string) => userText({ error: required }).trim().min(1, required).max(MAX_NAME_LENGTH, householdMessages.nameTooLong);

/** What a parent says about a learner, when adding one and when changing one (the whole record each time). */
const LearnerFields = z.object({
  firstName: name(householdMessages.firstNameRequired),
  lastName: name(householdMessages.lastNameRequired),
  curriculum: z.enum(CURRICULA, { error: householdMessages.curriculumRequired }),
  grade: z.enum(GRADE_IDS, { error: householdMessages.gradeRequired }),
  /** Optional: an empty field means none. */
  school: userText().trim().max(MAX_SCHOOL_LENGTH, householdMessages.schoolTooLong).optional()
    .transform((school) => school || undefined),
  /** Subjects of interest, from the tutors' subject list. */
  subjects: z.array(z.enum(TUTOR_SUBJECTS, { error: householdMessages.subjectUnknown }))
    .max(MAX_SUBJECTS, householdMessages.tooManySubjects).default([])
    .transform((subjects) => [...new Set(subjects)]),
});
const gradeOfCurriculum = (l: { grade: string; curriculum: string }) => gradeBelongsTo(l.grade, l.curriculum);
const onGrade = () => ({ message: householdMessages.gradeOfCurriculum, path: ['grade'] });
export const LearnerDetails = LearnerFields.refine(gradeOfCurriculum, onGrade());
export type LearnerDetailsInput = z.input<typeof LearnerDetails>;
export type LearnerDetails = z.output<typeof LearnerDetails>;

/**
 * Adding a learner: the details and the client's id for this request (a fresh one per "Add"
 * press, the same on every retry of it). The same id again returns the learner it added, so a
 * retried or doubled request never adds a second child.
 */
export const AddLearnerRequest = LearnerFields.extend({ requestId: BoundedId.optional() }).refine(gradeOfCurriculum, onGrade());
export type AddLearnerRequest = z.input<typeof AddLearnerRequest>;

export const LearnerParams = z.object({ learnerId: BoundedId });

export const Learner = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  curriculum: z.enum(CURRICULA),
  grade: z.string(),
  school: z.string().optional(),
  subjects: z.array(z.string()),
  /** The child signs in with an account of their own, linked to this learner (the API always says; absent reads as no). */
  hasLogin: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Learner = z.infer<typeof Learner>;

export const LearnersResponse = z.object({
  learners: z.array(Learner),
  /** How many learners a household may have. */
  limit: z.number().int(),
});
export type LearnersResponse = z.infer<typeof LearnersResponse>;

export const LearnerResponse = z.object({ learner: Learner, message: z.string().optional() });
export type LearnerResponse = z.infer<typeof LearnerResponse>;

/** A pairing code just made for a learner: shown to the parent once; the child enters it. */
export const PairingCodeResponse = z.object({ code: z.string(), expiresAt: z.string() });
export type PairingCodeResponse = z.infer<typeof PairingCodeResponse>;

/** What a student enters on "Join your family": case, spaces and dashes do not matter. */
export const JoinHouseholdRequest = z.object({
  code: z.string({ error: pairingMessages.codeFormat }).max(40, pairingMessages.codeFormat)
    .transform((typed, ctx) => {
      const code = normalisePairingCode(typed);
      if (!code) ctx.addIssue({ code: 'custom', message: pairingMessages.codeFormat });
      return code ?? '';
    }),
});
export type JoinHouseholdRequest = z.input<typeof JoinHouseholdRequest>;

/** The learner the student now is: what their parent entered. */
export const JoinHouseholdResponse = z.object({
  learner: z.object({ firstName: z.string(), lastName: z.string(), curriculum: z.enum(CURRICULA), grade: z.string() }),
  message: z.string(),
});
export type JoinHouseholdResponse = z.infer<typeof JoinHouseholdResponse>;

export { LearnerChoice } from './learner-choice.js';

/** Consent records as the API sends them (households/consent.ts). */
export { Consent, ConsentsResponse, PRIVACY_POLICY_VERSION, type ConsentMethod } from './consent.js';

/** A lesson on a child's dashboard card. */
export const DashboardLesson = z.object({
  bookingId: z.string(),
  subject: z.string(),
  /** UTC ISO start; the SPA shows it in the viewer's zone. */
  scheduledAt: z.string(),
  durationMinutes: z.number().int(),
  tutorName: z.string(),
});
export type DashboardLesson = z.infer<typeof DashboardLesson>;

/** The parent dashboard in one answer: a card per child and the household's spending this month (EAT). */
export const HouseholdSummary = z.object({
  /** The calendar month in East Africa Time the figures are for ("2026-11"). */
  month: z.string(),
  learners: z.array(z.object({
    learner: Learner,
    /** The next paid lessons, soonest first (at most 3). */
    upcoming: z.array(DashboardLesson),
    /** Paid lessons ahead, all of them. */
    upcomingCount: z.number().int(),
    /** Lessons completed this month. */
    completedThisMonth: z.number().int(),
  })),
  spending: z.object({
    /** Lessons paid this month, in minor units (cents). */
    paidMinor: z.number().int(),
    /** Refunds that came back this month. */
    refundedMinor: z.number().int(),
    netMinor: z.number().int(),
    currency: z.literal('KES'),
  }),
});
export type HouseholdSummary = z.infer<typeof HouseholdSummary>;
