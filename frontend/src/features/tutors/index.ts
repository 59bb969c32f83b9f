/** What other features may use of tutors: the public profile, its open times and the page frame. */
export { PublicPage, TutorAvatar, TutorNotFound } from './components';
export { formatAmount, fullName, initials } from './format';
export { profileMessages, SLOTS_FAILED } from './messages';
export { TutorAboutSections, TutorProfileHeader, TutorQuickStats } from './ProfileSections';
export { tutorQuery, tutorSlotsQuery } from './public-api';
export { tutorKeys } from './keys';
export { levelLabel, useTutorsText } from './text';
export { useSubjectName } from './subjects/text';
