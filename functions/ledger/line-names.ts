/**
 * What each earnings line was for: the lesson's subject, the student's first name and the date, or
 * the course's title. Read by key from the bookings, courses and student profiles the lines point
 * to (three BatchGets at most), so lines written before these names existed read the same. Kept
 * apart from the ledger service, which the bookings, courses and payments services use: reading
 * their records from there would make an import loop.
 */
import { getBookings } from '../bookings/service.js';
import { getCourses } from '../courses/service.js';
import { getProfiles } from '../profiles/service.js';
import type { EarningsHistoryLine, TutorLedger } from './contract.js';

type LineNames = Pick<EarningsHistoryLine, 'subject' | 'studentFirstName' | 'lessonAt' | 'courseTitle'>;

export async function withLineNames(ledger: TutorLedger): Promise<TutorLedger> {
  const lines = ledger.history;
  const bookingIds = [...new Set(lines.flatMap((l) => (l.bookingId ? [l.bookingId] : [])))];
  const courseIds = [...new Set(lines.flatMap((l) => (l.courseId ? [l.courseId] : [])))];
  const [bookings, courses] = await Promise.all([getBookings(bookingIds), getCourses(courseIds)]);
  const students = new Map((await getProfiles(bookings.map((b) => b.studentId))).map((p) => [p.id, p.firstName]));
  const names = new Map<string, LineNames>();
  for (const b of bookings) {
    const firstName = students.get(b.studentId);
    names.set(`booking:${b.id}`, { subject: b.subject, lessonAt: b.scheduledAt, ...(firstName ? { studentFirstName: firstName } : {}) });
  }
  for (const c of courses) names.set(`course:${c.id}`, { courseTitle: c.title });
  return {
    ...ledger,
    history: lines.map((line) => ({
      ...line,
      ...(line.bookingId ? names.get(`booking:${line.bookingId}`) : line.courseId ? names.get(`course:${line.courseId}`) : {}),
    })),
  };
}
