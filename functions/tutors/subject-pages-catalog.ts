/**
 * Subject landing pages (/tutors/{slug}): one per subject (/tutors/mathematics) and, for the
 * school subjects, one per exam curriculum (/tutors/kcse-chemistry): the browse filters of
 * that subject (and curriculum) on a page of its own, named in the sitemap and linked from the
 * browse page; and, under each exam page, one per school grade of its curriculum
 * (/tutors/kcse-chemistry/844-form-4). Pure: shared by the SPA (the page, its title) and the sitemap job.
 */
import { TUTOR_SUBJECTS } from './catalog.js';
import { gradesOf, type Curriculum, type Grade } from '../households/grades-catalog.js';

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

/** A grade page: the tutors of one subject who stated that grade (the browse filter subject + grade). */
export interface GradePage extends Required<SubjectPage> { grade: Grade }

/** Grades a school subject page lists by: the school years of its curriculum (not pre-primary: nobody books a Chemistry tutor for PP1). */
const schoolGrades = (curriculum: Curriculum): readonly Grade[] => gradesOf(curriculum).filter((g) => g.stage !== 'pre-primary');

/** The grade pages under an exam page, youngest first; none under a plain subject page. */
export function gradePagesOf(page: SubjectPage): GradePage[] {
  const { exam } = page;
  return exam ? schoolGrades(exam.curriculum).map((grade) => ({ ...page, exam, grade })) : [];
}

/** The grade page of an exam page's slug and a grade id; undefined when the grade is not of that curriculum. */
export function gradePageOf(slug: string, gradeId: string): GradePage | undefined {
  const page = subjectPageBySlug(slug);
  return page ? gradePagesOf(page).find((p) => p.grade.id === gradeId.toLowerCase()) : undefined;
}

/** Every grade page (for the sitemap). */
export const GRADE_PAGES: readonly GradePage[] = SUBJECT_PAGES.flatMap(gradePagesOf);

/** The path of a grade page. */
export const gradePagePath = (page: GradePage) => `${subjectPagePath(page.slug)}/${page.grade.id}`;

/** The curricula whose grades a tutor stated (a grade id names its curriculum). */
const curriculaOfGrades = (grades: readonly string[]): Set<Curriculum> =>
  new Set(EXAM_CURRICULA.map((e) => e.curriculum).filter((c) => gradesOf(c).some((g) => grades.includes(g.id))));

/**
 * The paths of the subject and grade pages whose listing a tutor's card matches (the same filters
 * the browse listing indexes them under: subject; subject + curriculum; subject + grade): the pages
 * a change of that tutor can change (functions/sitepages/subject-service.ts).
 */
export function subjectPagePathsOf(card: { subjects: readonly string[]; grades?: readonly string[] }): string[] {
  const grades = card.grades ?? [];
  const curricula = curriculaOfGrades(grades);
  const paths: string[] = [];
  for (const page of SUBJECT_PAGES) {
    if (!card.subjects.includes(page.subject)) continue;
    if (page.exam && !curricula.has(page.exam.curriculum)) continue;
    paths.push(subjectPagePath(page.slug));
    for (const grade of gradePagesOf(page)) if (grades.includes(grade.grade.id)) paths.push(gradePagePath(grade));
  }
  return paths;
}

/** The subject or grade page at a path (/tutors/{slug} or /tutors/{slug}/{grade}); undefined for any other. */
export function subjectPageAt(path: string): SubjectPage | GradePage | undefined {
  const match = /^\/tutors\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?$/.exec(path);
  if (!match) return undefined;
  return match[2] === undefined ? subjectPageBySlug(match[1]!) : gradePageOf(match[1]!, match[2]);
}
