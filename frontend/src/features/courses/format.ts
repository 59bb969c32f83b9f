/** Course display: price in KSh or "Free", durations, counts. */
import { ksh } from '../../shared/format';

export const coursePrice = (price: number | null) => (price ? ksh(price) : 'Free');
export const weeks = (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`;
export const lessonsLabel = (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`;
export const studentsLabel = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;
