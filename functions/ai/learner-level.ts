/**
 * The level the AI writes for when a parent acts for a learner: the learner's grade, said the way
 * the prompts need it (curriculum, grade, school stage and the usual ages). Without a learner the
 * prompts keep their KCSE secondary level (prompts.ts).
 */
import { CURRICULUM_LABELS, gradeById, STAGE_LABELS, type Grade } from '../households/grades-catalog.js';

/** The usual ages of a grade's learners, or undefined for adults (university and adult learning). */
function usualAges(grade: Grade): readonly [number, number] | undefined {
  const n = Number(/(\d+)$/.exec(grade.id)?.[1]);
  switch (grade.curriculum) {
    case 'cbc':
      // PP1 at 4, Grade 1 at 6: Grade n is about n + 5 to n + 6.
      if (grade.stage === 'pre-primary') return grade.id === 'cbc-pp1' ? [4, 5] : [5, 6];
      return [n + 5, n + 6];
    case '8-4-4':
      return [n + 13, n + 14];
    case 'igcse':
      // The British years: Year 7 is 11 to 12.
      return [n + 4, n + 5];
    default:
      return undefined;
  }
}

/**
 * "CBC (Competency-Based Curriculum), Grade 7, Junior School, learners aged about 12 to 13"; for
 * university and adult learners "…, adult learners". Undefined for an id outside the catalog (the
 * prompt then keeps its default level rather than guessing).
 */
export function learnerLevel(gradeId: string): string | undefined {
  const grade = gradeById(gradeId);
  if (!grade) return undefined;
  const stage = STAGE_LABELS[grade.stage].en;
  const parts = [CURRICULUM_LABELS[grade.curriculum].en, ...(grade.label.en === stage ? [] : [grade.label.en]), stage];
  const ages = usualAges(grade);
  return `${parts.join(', ')}, ${ages ? `learners aged about ${ages[0]} to ${ages[1]}` : 'adult learners'}`;
}
