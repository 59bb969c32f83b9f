/** The landing page's lists: message keys (i18n/en.json) and what does not translate. */
import { QUIZ_SUBJECTS } from '@functions/ai/subjects-catalog';
import { DEFAULT_CANCELLATION_WINDOW_HOURS } from '@functions/bookings/catalog';
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

export const SKILLS = [
  'skill.programming',
  'skill.dataAnalysis',
  'skill.digitalMarketing',
  'skill.graphicDesign',
  'skill.financialLiteracy',
  'skill.publicSpeaking',
] as const satisfies readonly LandingMessage[];

/** Sample stories from the spec's landing page; names stay as written. */
export const TESTIMONIALS = [
  { name: 'Amina Wanjiru', quote: 'story.amina.quote', role: 'story.amina.role' },
  { name: 'Chinedu Okafor', quote: 'story.chinedu.quote', role: 'story.chinedu.role' },
  { name: 'Grace Achieng', quote: 'story.grace.quote', role: 'story.grace.role' },
] as const satisfies ReadonlyArray<{ name: string; quote: LandingMessage; role: LandingMessage }>;

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
