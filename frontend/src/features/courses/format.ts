/** Course display: price in KSh or "Free", durations, counts. */
import { ksh } from '../../shared/format';

export const coursePrice = (price: number | null) => (price ? ksh(price) : 'Free');
export const weeks = (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`;
export const lessonsLabel = (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`;
export const studentsLabel = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;

/** A file's size as people read it: "812 bytes", "4.8 KB", "1.2 MB" (1 KB = 1024 bytes, as file managers show). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

export const downloadsLabel = (n: number) => `${n} ${n === 1 ? 'download' : 'downloads'}`;
