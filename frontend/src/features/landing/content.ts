/** Static copy of the landing page (spec §1). */
import { QUIZ_SUBJECTS } from '@functions/ai/catalog';
import { DEFAULT_CANCELLATION_WINDOW_HOURS } from '@functions/bookings/catalog';

/**
 * The hero's figures: what the product guarantees, not invented counts (the prototype's "1,000+
 * tutors", "25K+ sessions" and "98%" were placeholders no data stood behind).
 */
export const STATS = [
  { value: 'KYC', label: 'ID check for every tutor you can book' },
  { value: `${DEFAULT_CANCELLATION_WINDOW_HOURS} h`, label: 'Free cancellation before a lesson' },
  { value: 'M-Pesa', label: 'Or card, in KES' },
  { value: String(QUIZ_SUBJECTS.length), label: 'Subjects with AI practice' },
] as const;

export const REASONS = [
  {
    icon: 'shield',
    title: 'Verified tutors',
    text: 'Every tutor passes identity (KYC) checks before they can teach or get paid.',
  },
  {
    icon: 'calendar',
    title: 'Learn on your schedule',
    text: 'Book one-on-one sessions at times that suit you, from early mornings to weekends.',
  },
  {
    icon: 'wallet',
    title: 'Pay with M-Pesa or card',
    text: 'Clear prices in KSh, paid securely per session. No subscriptions.',
  },
  {
    icon: 'spark',
    title: 'AI-powered practice',
    text: 'Quiz games and a study assistant keep revision going between sessions.',
  },
] as const;

export const SKILLS = [
  'Programming',
  'Data Analysis',
  'Digital Marketing',
  'Graphic Design',
  'Financial Literacy',
  'Public Speaking',
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'My maths went from a D+ to a B+ in one term. My tutor explained every topic until it finally made sense.',
    name: 'Amina Wanjiru',
    role: 'KCSE candidate, Nairobi',
  },
  {
    quote: 'The JAMB practice sessions and AI quizzes got me ready. I walked into the exam hall confident.',
    name: 'Chinedu Okafor',
    role: 'JAMB candidate, Lagos',
  },
  {
    quote: 'I can see every lesson and payment. My son now looks forward to his chemistry sessions.',
    name: 'Grace Achieng',
    role: 'Parent, Kisumu',
  },
] as const;

export const SUBJECTS = [
  { name: 'Mathematics', text: 'Algebra, geometry, calculus and exam practice.', tone: 'teal' },
  { name: 'Physics', text: 'Mechanics, electricity, waves and practicals.', tone: 'blue' },
  { name: 'Chemistry', text: 'Organic, inorganic and physical chemistry.', tone: 'amber' },
  { name: 'Biology', text: 'Cells, genetics, ecology and human biology.', tone: 'green' },
  { name: 'English', text: 'Grammar, composition, literature and oral skills.', tone: 'rose' },
  { name: 'Programming', text: 'Python, JavaScript, web apps and problem solving.', tone: 'violet' },
] as const;

export const TUTOR_PERKS = [
  'Set your own hourly rate and teaching hours',
  'Teach students across Africa from anywhere',
  'Get paid securely for every session',
  'Earn a Verified badge once your KYC is approved',
] as const;
