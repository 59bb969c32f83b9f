/** Households contract: a parent's learners (children), shared by the API and the SPA's form. */
import * as z from 'zod';
import { BoundedId } from '../../events/shared/ids.js';
import { userText } from '../shared/text.js';
import { TUTOR_SUBJECTS } from '../tutors/catalog.js';
import { CURRICULA, GRADE_IDS, gradeBelongsTo } from './grades-catalog.js';
import { householdMessages, MAX_NAME_LENGTH, MAX_SCHOOL_LENGTH, MAX_SUBJECTS } from './rules.js';

export { householdMessages, MAX_LEARNERS, MAX_NAME_LENGTH, MAX_SCHOOL_LENGTH, MAX_SUBJECTS } from './rules.js';

const name = (required: string) => userText({ error: required }).trim().min(1, required).max(MAX_NAME_LENGTH, householdMessages.nameTooLong);

/** What a parent says about a learner, when adding one and when changing one (the whole record each time). */
export const LearnerDetails = z.object({
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
}).refine((l) => gradeBelongsTo(l.grade, l.curriculum), { message: householdMessages.gradeOfCurriculum, path: ['grade'] });
export type LearnerDetailsInput = z.input<typeof LearnerDetails>;
export type LearnerDetails = z.output<typeof LearnerDetails>;

export const LearnerParams = z.object({ learnerId: BoundedId });

export const Learner = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  curriculum: z.enum(CURRICULA),
  grade: z.string(),
  school: z.string().optional(),
  subjects: z.array(z.string()),
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

/**
 * Routes that act for a learner take this (in the body, or the query of a GET): a parent names
 * which child the request is for; without it the caller acts for themselves.
 * functions/households/acting-learner.ts resolves it inside the caller's household.
 */
export const LearnerChoice = z.object({ learnerId: BoundedId.optional() });
