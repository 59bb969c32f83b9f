/** The landing page's lists: message keys (i18n/en.json) and what does not translate. */
import { QUIZ_SUBJECTS } from '@functions/ai/subjects-catalog';
import { DEFAULT_CANCELLATION_WINDOW_HOURS } from '@functions/bookings/catalog';
import { MAX_HOURLY_RATE, MIN_HOURLY_RATE } from '@functions/tutors/catalog';
import { paths } from '../../shared/paths';
import type { LandingMessage } from './text';

type Stat = { label: LandingMessage } & ({ value: LandingMessage; values?: Record<string, number> } | { figure: string });

/**
 * The hero's figures: what the product guarantees, not invented counts (the prototype's "1,000+
 * tutors", "25K+ sessions" and "98%" were placeholders no data stood behind).
 */
export const STATS: readonly Stat[] = [
  { value: 'stats.kyc.value', label: 'stats.kyc.label' },
  { value: 'stats.cancel.value', values: { hours: DEFAULT_CANCELLATION_WINDOW_HOURS }, label: 'stats.cancel.label' },
  { value: 'stats.mpesa.value', label: 'stats.mpesa.label' },
  { figure: String(QUIZ_SUBJECTS.length), label: 'stats.ai.label' },
];

export const REASONS = [
  { icon: 'shield', title: 'reason.verified.title', text: 'reason.verified.text' },
  { icon: 'calendar', title: 'reason.schedule.title', text: 'reason.schedule.text' },
  { icon: 'wallet', title: 'reason.pay.title', text: 'reason.pay.text' },
  { icon: 'spark', title: 'reason.ai.title', text: 'reason.ai.text' },
] as const satisfies ReadonlyArray<{ title: LandingMessage; text: LandingMessage; icon: string }>;

/** The skills the career section names; each opens the public catalogue's Skills courses found by `search` (English, as the courses are). */
export const SKILLS = [
  { key: 'skill.programming', search: 'programming' },
  { key: 'skill.dataAnalysis', search: 'data analysis' },
  { key: 'skill.digitalMarketing', search: 'digital marketing' },
  { key: 'skill.graphicDesign', search: 'graphic design' },
  { key: 'skill.financialLiteracy', search: 'financial literacy' },
  { key: 'skill.publicSpeaking', search: 'public speaking' },
] as const satisfies ReadonlyArray<{ key: LandingMessage; search: string }>;

/** The course catalogue's Skills category, searched for one skill (or all of it). */
export function skillsCatalogue(search?: string): string {
  const query = new URLSearchParams({ category: 'Skills', ...(search ? { q: search } : {}) });
  return `${paths.courses}?${query}`;
}

/** The hourly rates a tutor may set (the server's own limits), as the recruiting line quotes them. */
export const RATE_RANGE = {
  min: MIN_HOURLY_RATE.toLocaleString('en-US'),
  max: MAX_HOURLY_RATE.toLocaleString('en-US'),
};

/** `subject` is the browse filter's value (the catalogue's English name); the card shows the translation. */
export const SUBJECTS = [
  { subject: 'Mathematics', name: 'subject.mathematics.name', text: 'subject.mathematics.text', tone: 'teal' },
  { subject: 'Physics', name: 'subject.physics.name', text: 'subject.physics.text', tone: 'blue' },
  { subject: 'Chemistry', name: 'subject.chemistry.name', text: 'subject.chemistry.text', tone: 'amber' },
  { subject: 'Biology', name: 'subject.biology.name', text: 'subject.biology.text', tone: 'green' },
  { subject: 'English', name: 'subject.english.name', text: 'subject.english.text', tone: 'rose' },
  { subject: 'Programming', name: 'subject.programming.name', text: 'subject.programming.text', tone: 'violet' },
] as const satisfies ReadonlyArray<{ subject: string; name: LandingMessage; text: LandingMessage; tone: string }>;

export const TUTOR_PERKS = ['perk.rate', 'perk.anywhere', 'perk.paid', 'perk.badge'] as const satisfies readonly LandingMessage[];
