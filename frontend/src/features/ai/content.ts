/** The words of /ai-learning (spec §2): the six subjects with a description each, the feature cards, the modes. */
import type { QuizSubjectName } from '@functions/ai/catalog';
import { paths } from '../../shared/paths';
import type { GameMode } from './game';

export const SUBJECT_DESCRIPTIONS: Record<QuizSubjectName, string> = {
  Mathematics: 'Algebra, geometry, statistics and calculus at KCSE level.',
  Physics: 'Forces, energy, waves, electricity and the structure of matter.',
  Chemistry: 'Elements, bonding, reactions, acids and organic chemistry.',
  Biology: 'Cells, genetics, ecology and how the human body works.',
  English: 'Grammar, vocabulary, comprehension and literary devices.',
  History: 'Kenyan, African and world history from early times to today.',
};

export const FEATURES = [
  { title: 'AI Study Assistant', text: 'Ask for homework help, an explanation or practice questions in your subject.' },
  { title: 'AI Games', text: 'Ten questions a round, written by AI or picked from our KCSE question bank.' },
  { title: 'Quiz Mode', text: 'Take your time: 100 points for every correct answer.' },
  { title: 'Speed Mode', text: '30 seconds a question: the faster you answer, the more you score.' },
  { title: 'Adaptive Mode', text: 'Challenge mode: a right answer brings a harder question, a wrong one an easier one.' },
] as const;

export const MODE_TEXT: Record<GameMode, { label: string; hint: string }> = {
  quiz: { label: 'Quiz', hint: 'Take your time' },
  challenge: { label: 'Challenge', hint: 'Adaptive difficulty' },
  speed: { label: 'Speed', hint: '30 seconds per question' },
};

/** The header links of the AI pages. */
export const AI_NAV = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.aiLearning, label: 'AI Learning' },
  { to: paths.aiStudyAssistant(), label: 'Study Assistant' },
  { to: paths.browse(), label: 'Find Tutors' },
  { to: paths.myBookings, label: 'My Bookings' },
] as const;
