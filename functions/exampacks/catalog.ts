/**
 * The exam packs on /course-dashboard (three downloads): fixed by the platform, not by
 * tutors. Zod-free, so the public page can import it without the contracts.
 */
export const EXAM_PACKS = [
  {
    // The id is kept (stored download counts name it); the pack holds sample questions written in
    // the KCSE style, not KNEC's past papers, and its title and file name say so.
    id: 'kcse-past-papers',
    title: 'KCSE Sample Questions Pack',
    description: 'Sample Mathematics, English, Chemistry and Biology questions written in the KCSE style, with a marking guide.',
    fileName: 'kcse-sample-questions-pack.pdf',
  },
  {
    id: 'jamb-utme-practice',
    title: 'JAMB UTME Practice Pack',
    description: 'Use of English, Mathematics and Physics practice questions timed like the UTME, with answers.',
    fileName: 'jamb-utme-practice-pack.pdf',
  },
  {
    id: 'university-entrance-revision',
    title: 'University Entrance Revision Pack',
    description: 'Revision notes and problems in calculus, cell biology and programming for first-year entrants.',
    fileName: 'university-entrance-revision-pack.pdf',
  },
] as const;

export type ExamPackDefinition = (typeof EXAM_PACKS)[number];
export type ExamPackId = ExamPackDefinition['id'];
export const EXAM_PACK_IDS = EXAM_PACKS.map((p) => p.id) as [ExamPackId, ...ExamPackId[]];

/** Seconds a download link works: long enough to start the download, too short to pass around. */
export const EXAM_PACK_LINK_SECONDS = 60;

/** Where the packs live in the private uploads bucket (never under public/). */
export const examPackStorageKey = (pack: Pick<ExamPackDefinition, 'id' | 'fileName'>) => `exam-packs/${pack.id}/${pack.fileName}`;

export const examPackMessages = {
  notFound: 'Exam pack not found',
  loadError: 'There was an error loading the exam packs. Please try again later.',
  downloadFailed: 'The download could not start. Please try again.',
} as const;
