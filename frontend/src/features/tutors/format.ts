/** Display helpers shared by the tutor screens. Pure, so they are unit-tested. */
import { CURRICULUM_LABELS, gradeById, type Curriculum, type Label } from '@functions/households/grades-catalog';
import type { Language } from '@events/shared/language';
import { activeLanguage } from '../../shared/i18n/language';

/** Month names as shared/when.ts writes them: en-GB for English, sw-KE for Kiswahili. */
const DATE_LOCALES = { en: 'en-GB', sw: 'sw-KE' } as const;

const number = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** Counts: "2,500" (amounts go through shared/format's ksh). */
export const formatAmount = (value: number): string => number.format(value);

/** Up to two initials: "Otieno Odhiambo" → "OO". */
export function initials(firstName: string | undefined, lastName?: string | undefined): string {
  const parts = [firstName, lastName]
    .flatMap((part) => (part ?? '').trim().split(/\s+/))
    .filter(Boolean);
  const letters = parts.length > 2 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => (part ?? '').charAt(0)).join('').toUpperCase();
}

export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();

/** The first 3 subjects on a card, then how many more ("+N more", from the catalog). */
export function subjectsPreview(subjects: readonly string[], shown = 3): { visible: string[]; more: number } {
  const visible = subjects.slice(0, shown);
  return { visible, more: subjects.length - visible.length };
}

/** "HH:MM:SS" or "HH:MM" → "HH:MM" (times are displayed with seconds cut off). */
export const hhmm = (time: string): string => time.slice(0, 5);

/** "July 2025" / "Julai 2025" for "member since", in the active language. */
export function monthYear(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[activeLanguage()], { month: 'long', year: 'numeric' }).format(date);
}

/** Short curriculum names beside a grade; university years say "University", adult learning needs none. */
const CURRICULUM_SHORT: Record<Curriculum, Label | null> = {
  cbc: { en: 'CBC', sw: 'CBC' }, '8-4-4': { en: '8-4-4', sw: '8-4-4' }, igcse: { en: 'IGCSE', sw: 'IGCSE' },
  university: CURRICULUM_LABELS.university, adult: null,
};

/** "Grade 7 (CBC)", "Kidato cha 2 (8-4-4)", "Year 10 (IGCSE)": a grade with its curriculum, short; an unknown id as it is. */
export function gradeShortName(gradeId: string, language: Language): string {
  const grade = gradeById(gradeId);
  if (!grade) return gradeId;
  const label = grade.label[language];
  const curriculum = CURRICULUM_SHORT[grade.curriculum]?.[language];
  return !curriculum || label.includes(`(${curriculum})`) ? label : `${label} (${curriculum})`;
}
