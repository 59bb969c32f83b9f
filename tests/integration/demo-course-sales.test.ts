/**
 * The seeded course sales (`npm start`; the test stack seeds as npm start does): tutor01's two
 * sales of their paid course show the same money on the Courses tab (revenue, students) as on
 * the Earnings tab, which names the course.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoTutorEmail, PAYOUT_DEMO_TUTOR } from '../../infra/local/demo/seed.js';
import { callApi, expectOk, signIn } from '../support/api.js';

describe('the seeded course sales', () => {
  it('count in the course\'s revenue and students, and the earnings lines name the course', async () => {
    const tutor = await signIn(demoTutorEmail(PAYOUT_DEMO_TUTOR), DEMO_PASSWORD);
    const { courses } = await expectOk(callApi('listMyCourses', { token: tutor.accessToken }), 'my courses');
    const sold = courses.find((c) => c.title === 'KCSE Mathematics: Paper 2 Practice');
    expect(sold).toMatchObject({ revenue: 3_000, enrolledCount: 2 });
    const ledger = await expectOk(callApi('getMyLedger', { token: tutor.accessToken }), 'earnings');
    const sales = ledger.history.filter((line) => line.kind === 'payment' && line.courseId === sold!.id);
    expect(sales).toHaveLength(2);
    expect(sales.every((line) => line.courseTitle === 'KCSE Mathematics: Paper 2 Practice')).toBe(true);
  });
});
