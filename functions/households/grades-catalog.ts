/**
 * The grades and curricula a learner can be in, with their names in English and Kiswahili: one
 * list for the API's validation and the SPA's pickers (zod-free, so the SPA's chunk stays small).
 * A grade's id is what is stored; it names its curriculum, so a stored pair is checked against
 * this list (`gradeBelongsTo`) rather than trusted.
 */
import type { Language } from '../../events/shared/language.js';

export type Label = Readonly<Record<Language, string>>;

export const CURRICULA = ['cbc', '8-4-4', 'igcse', 'university', 'adult'] as const;
export type Curriculum = (typeof CURRICULA)[number];

export const CURRICULUM_LABELS: Readonly<Record<Curriculum, Label>> = {
  cbc: { en: 'CBC (Competency-Based Curriculum)', sw: 'CBC (Mtaala wa Umilisi)' },
  '8-4-4': { en: '8-4-4', sw: '8-4-4' },
  igcse: { en: 'IGCSE / A-Level', sw: 'IGCSE / A-Level' },
  university: { en: 'University', sw: 'Chuo kikuu' },
  adult: { en: 'Adult learning', sw: 'Elimu ya watu wazima' },
};

/** The part of a curriculum a grade sits in (CBC's Junior School 7–9 and Senior School 10–12, for example). */
export const STAGES = [
  'pre-primary', 'lower-primary', 'upper-primary', 'junior-school', 'senior-school',
  'secondary', 'lower-secondary', 'igcse', 'a-level', 'university', 'adult',
] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Readonly<Record<Stage, Label>> = {
  'pre-primary': { en: 'Pre-Primary', sw: 'Elimu ya Awali' },
  'lower-primary': { en: 'Lower Primary', sw: 'Msingi wa Chini' },
  'upper-primary': { en: 'Upper Primary', sw: 'Msingi wa Juu' },
  'junior-school': { en: 'Junior School', sw: 'Shule ya Sekondari ya Chini' },
  'senior-school': { en: 'Senior School', sw: 'Shule ya Sekondari ya Juu' },
  secondary: { en: 'Secondary', sw: 'Sekondari' },
  'lower-secondary': { en: 'Lower Secondary', sw: 'Sekondari ya Chini' },
  igcse: { en: 'IGCSE', sw: 'IGCSE' },
  'a-level': { en: 'A-Level', sw: 'A-Level' },
  university: { en: 'University', sw: 'Chuo kikuu' },
  adult: { en: 'Adult learning', sw: 'Elimu ya watu wazima' },
};

export interface Grade {
  readonly id: string;
  readonly curriculum: Curriculum;
  readonly stage: Stage;
  readonly label: Label;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const cbcStage = (n: number): Stage =>
  n <= 3 ? 'lower-primary' : n <= 6 ? 'upper-primary' : n <= 9 ? 'junior-school' : 'senior-school';

const igcseStage = (n: number): Stage => (n <= 9 ? 'lower-secondary' : n <= 11 ? 'igcse' : 'a-level');
const igcseLabel = (n: number): Label => {
  const suffix = n === 10 || n === 11 ? ' (IGCSE)' : n === 12 ? ' (AS Level)' : n === 13 ? ' (A Level)' : '';
  return { en: `Year ${n}${suffix}`, sw: `Mwaka wa ${n}${suffix}` };
};

/** Every grade, in the order a picker lists them (youngest first within each curriculum). */
export const GRADES: readonly Grade[] = [
  { id: 'cbc-pp1', curriculum: 'cbc', stage: 'pre-primary', label: { en: 'PP1', sw: 'PP1' } },
  { id: 'cbc-pp2', curriculum: 'cbc', stage: 'pre-primary', label: { en: 'PP2', sw: 'PP2' } },
  ...range(1, 12).map((n): Grade => ({
    id: `cbc-grade-${n}`, curriculum: 'cbc', stage: cbcStage(n), label: { en: `Grade ${n}`, sw: `Gredi ya ${n}` },
  })),
  ...range(1, 4).map((n): Grade => ({
    id: `844-form-${n}`, curriculum: '8-4-4', stage: 'secondary', label: { en: `Form ${n}`, sw: `Kidato cha ${n}` },
  })),
  ...range(7, 13).map((n): Grade => ({ id: `igcse-year-${n}`, curriculum: 'igcse', stage: igcseStage(n), label: igcseLabel(n) })),
  ...range(1, 4).map((n): Grade => ({
    id: `university-year-${n}`, curriculum: 'university', stage: 'university', label: { en: `Year ${n}`, sw: `Mwaka wa ${n}` },
  })),
  { id: 'university-postgraduate', curriculum: 'university', stage: 'university', label: { en: 'Postgraduate', sw: 'Uzamili' } },
  { id: 'adult-learner', curriculum: 'adult', stage: 'adult', label: { en: 'Adult learner', sw: 'Mwanafunzi mtu mzima' } },
];

export const GRADE_IDS = GRADES.map((g) => g.id) as [string, ...string[]];

const byId = new Map(GRADES.map((g) => [g.id, g]));

export function gradeById(id: string): Grade | undefined {
  return byId.get(id);
}

export function gradesOf(curriculum: Curriculum): Grade[] {
  return GRADES.filter((g) => g.curriculum === curriculum);
}

export function isCurriculum(value: unknown): value is Curriculum {
  return typeof value === 'string' && (CURRICULA as readonly string[]).includes(value);
}

/** Whether `gradeId` is a grade of `curriculum` (Form 2 is 8-4-4's, never CBC's). */
export function gradeBelongsTo(gradeId: string, curriculum: string): boolean {
  return byId.get(gradeId)?.curriculum === curriculum;
}

/** "Grade 7 · Junior School", in the reader's language; an unknown id as it is. */
export function gradeName(gradeId: string, language: Language): string {
  const grade = byId.get(gradeId);
  if (!grade) return gradeId;
  const stage = STAGE_LABELS[grade.stage][language];
  return grade.label[language] === stage ? stage : `${grade.label[language]} · ${stage}`;
}

/** A curriculum's short name ("CBC", "8-4-4"): its label without the explanation in brackets. */
export function curriculumShortName(curriculum: string, language: Language): string {
  return isCurriculum(curriculum) ? CURRICULUM_LABELS[curriculum][language].split(' (')[0]! : curriculum;
}

/** Where a learner is, as a tutor or a parent reads it beside the name: "Grade 7, CBC", "Kidato cha 4, 8-4-4". */
export function learnerLevel(gradeId: string, curriculum: string, language: Language): string {
  return `${gradeById(gradeId)?.label[language] ?? gradeId}, ${curriculumShortName(curriculum, language)}`;
}
