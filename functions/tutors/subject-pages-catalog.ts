/**
 * Subject landing pages (/tutors/{slug}): one per subject (/tutors/mathematics) and, for the
 * school subjects, one per exam curriculum (/tutors/kcse-chemistry): the browse filters of
 * that subject (and curriculum) on a page of its own, named in the sitemap and linked from the
 * browse page. Pure: shared by the SPA (the page, its title) and the sitemap job.
 */
import { TUTOR_SUBJECTS } from './catalog.js';
import type { Curriculum } from '../households/grades-catalog.js';

export type TutorSubject = (typeof TUTOR_SUBJECTS)[number];

/** The exams a parent searches by, and the curriculum whose tutors teach for them. */
export const EXAM_CURRICULA = [
  { prefix: 'kcse', curriculum: '8-4-4', exam: 'KCSE' },
  { prefix: 'cbc', curriculum: 'cbc', exam: 'CBC' },
  { prefix: 'igcse', curriculum: 'igcse', exam: 'IGCSE' },
] as const satisfies ReadonlyArray<{ prefix: string; curriculum: Curriculum; exam: string }>;
export type ExamCurriculum = (typeof EXAM_CURRICULA)[number];

/** School subjects, which get a page per exam curriculum too (the others are not examined by them). */
export const SCHOOL_SUBJECTS: readonly TutorSubject[] = [
  'Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Literature', 'Kiswahili', 'French', 'German',
  'Arabic', 'History', 'Geography', 'Religious Education', 'Computer Science', 'Business Studies',
  'Agriculture', 'Home Science', 'Art and Design', 'Music',
];

export interface SubjectPage {
  slug: string;
  subject: TutorSubject;
  /** Only the tutors who stated a grade of this curriculum (docs/decisions/2026-11-28-browse-by-grade.md). */
  exam?: ExamCurriculum;
}

/** "Art and Design" → "art-and-design". */
export const subjectSlug = (subject: string) => subject.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Every subject page, subjects first (catalog order), then subject × exam. */
export const SUBJECT_PAGES: readonly SubjectPage[] = [
  ...TUTOR_SUBJECTS.map((subject) => ({ slug: subjectSlug(subject), subject })),
  ...EXAM_CURRICULA.flatMap((exam) => SCHOOL_SUBJECTS.map((subject) => ({ slug: `${exam.prefix}-${subjectSlug(subject)}`, subject, exam }))),
];

const BY_SLUG = new Map(SUBJECT_PAGES.map((p) => [p.slug, p]));

export const subjectPageBySlug = (slug: string): SubjectPage | undefined => BY_SLUG.get(slug.toLowerCase());

/** The path of a subject page. */
export const subjectPagePath = (slug: string) => `/tutors/${slug}`;
