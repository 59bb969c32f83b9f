import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { isInTermTime } from '../../functions/plans/school-calendar.js';
import { api, createUser, type TestUser } from '../support/api.js';
import { book, bookableTutor } from '../support/fixtures.js';

type Quote = {
  pricePerLesson: number; timeZone: string;
  lessons: Array<{ localDate: string; start: string; end: string; status: string }>;
  skipped: Array<{ localDate: string; reason: string }>;
  term?: { id: string; closes: string; provisional?: boolean };
  payMonthly: Array<{ number: number; chargeAt: string; lessonCount: number; amount: number }>;
  payTerm: { lessonCount: number; amount: number };
};

const quote = (user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api<{ quote: Quote; error?: { code: string; message: string } }>('/api/plans/quote', { method: 'POST', token: user.accessToken, body, headers });

const nairobi = (iso: string, pattern: string) => formatInTimeZone(new Date(iso), 'Africa/Nairobi', pattern);

describe('POST /api/plans/quote', () => {
  it('"every Monday 17:00 for four weeks": each lesson checked, the one another family booked in week 2 reported, only free ones priced', async () => {
    const tutor = await bookableTutor({ hourlyRate: 1800 }); // Mondays and Thursdays 08:00–20:00 Nairobi
    const parent = await createUser('student');
    const body = { tutorId: tutor.userId, dayOfWeek: 1, startTime: '17:00', durationMinutes: 90, length: { kind: 'weeks', lessons: 4, skipHolidays: false } };
    const before = await quote(parent, body);
    expect(before.status).toBe(200);
    const lessons = before.body.quote.lessons;
    expect(lessons).toHaveLength(4);
    for (const lesson of lessons) {
      expect(nairobi(lesson.start, 'EEEE HH:mm')).toBe('Monday 17:00');
      expect(Date.parse(lesson.end) - Date.parse(lesson.start)).toBe(90 * 60_000);
      expect(lesson.status).toBe('free');
    }
    expect(before.body.quote.pricePerLesson).toBe(2700);
    expect(before.body.quote.payTerm).toEqual({ lessonCount: 4, amount: 10_800 });

    const other = await createUser('student');
    expect((await book(other, tutor.userId, lessons[1]!.start, 60)).status).toBe(201);
    const after = (await quote(parent, body)).body.quote;
    expect(after.lessons.map((l) => l.status)).toEqual(['free', 'taken', 'free', 'free']);
    expect(after.payTerm).toEqual({ lessonCount: 3, amount: 8100 });
    expect(after.payMonthly.reduce((sum, i) => sum + i.amount, 0)).toBe(8100);
    expect(after.payMonthly.reduce((sum, i) => sum + i.lessonCount, 0)).toBe(3);
  });

  it('a day or hour outside the tutor\'s weekly hours is unavailable in every week, and nothing is charged', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const { quote: tuesday } = (await quote(student, { tutorId: tutor.userId, dayOfWeek: 2, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons: 3, skipHolidays: false } })).body;
    expect(tuesday.lessons.map((l) => l.status)).toEqual(['unavailable', 'unavailable', 'unavailable']);
    expect(tuesday.payTerm).toEqual({ lessonCount: 0, amount: 0 });
    expect(tuesday.payMonthly).toEqual([]);
    // 19:00 for two hours runs past 20:00.
    const { quote: late } = (await quote(student, { tutorId: tutor.userId, dayOfWeek: 4, startTime: '19:00', durationMinutes: 120, length: { kind: 'weeks', lessons: 2, skipHolidays: false } })).body;
    expect(late.lessons.map((l) => l.status)).toEqual(['unavailable', 'unavailable']);
  });

  it('"until the end of term" follows the school calendar: no lesson in a holiday or half-term, none after the term closes', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const res = await quote(student, { tutorId: tutor.userId, dayOfWeek: 4, startTime: '16:00', durationMinutes: 60, length: { kind: 'term' } });
    expect(res.status).toBe(200);
    const { lessons, skipped, term } = res.body.quote;
    expect(term).toBeDefined();
    expect(lessons.length).toBeGreaterThan(0);
    for (const lesson of lessons) {
      expect(isInTermTime(lesson.localDate)).toBe(true);
      expect(lesson.localDate <= term!.closes).toBe(true);
      expect(nairobi(lesson.start, 'yyyy-MM-dd EEEE HH:mm')).toBe(`${lesson.localDate} Thursday 16:00`);
    }
    for (const week of skipped) expect(week.reason).toBe('holiday');
  });

  it('refuses bad input with the field\'s message (in Kiswahili too), an unverified tutor, and tutors', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const base = { tutorId: tutor.userId, dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons: 4 } };
    const halfPast = await quote(student, { ...base, startTime: '17:30' });
    expect(halfPast.status).toBe(400);
    expect(JSON.stringify(halfPast.body)).toContain('Choose a whole hour, for example 17:00');
    const swahili = await quote(student, { ...base, length: { kind: 'weeks', lessons: 41 } }, { 'accept-language': 'sw' });
    expect(swahili.status).toBe(400);
    expect(JSON.stringify(swahili.body)).toContain('Chagua kati ya masomo 1 na 40');
    const unverified = await bookableTutor({ verified: false });
    const refused = await quote(student, { ...base, tutorId: unverified.userId });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe('tutor_not_verified');
    expect((await quote(student, { ...base, tutorId: 'no-such-tutor' })).status).toBe(404);
    expect((await quote(tutor, base)).status).toBe(403);
  });
});
