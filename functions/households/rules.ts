/**
 * Household rules (pure): how many learners a parent may add and how long their texts may be. A
 * learner belongs to the household of the parent who added it (their user id); nobody else may
 * learn that it exists. No learner has a public profile: nothing publishes a learner, and only
 * its household reads it. docs/decisions/2026-11-28-households.md says why.
 */

/** Learners per household: a family, not a school (a school would need its own kind of account). */
export const MAX_LEARNERS = 10;
export const MAX_NAME_LENGTH = 50;
export const MAX_SCHOOL_LENGTH = 100;
/** Subjects of interest per learner. */
export const MAX_SUBJECTS = 10;

export const householdMessages = {
  added: 'Child added.',
  updated: 'Changes saved.',
  notFound: 'Child not found',
  limitReached: `A household can have at most ${MAX_LEARNERS} children.`,
  firstNameRequired: 'Enter the first name',
  lastNameRequired: 'Enter the last name',
  nameTooLong: `At most ${MAX_NAME_LENGTH} characters`,
  schoolTooLong: `At most ${MAX_SCHOOL_LENGTH} characters`,
  curriculumRequired: 'Choose a curriculum',
  gradeRequired: 'Choose a grade',
  gradeOfCurriculum: 'Choose a grade of the chosen curriculum',
  subjectUnknown: 'Choose subjects from the list',
  tooManySubjects: `Choose at most ${MAX_SUBJECTS} subjects`,
} as const;
