/**
 * A learner's Lessons history against the emulators: a held lesson is listed before any report
 * ("no report yet"), its report fills it in when approved, a no-show is listed as missed, and the
 * history item is one whatever the order or number of deliveries.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { putFamilyLesson, putHeldLesson } from '../../functions/reports/repository.js';
import { callApi, createUser, eventually, expectOk, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, payBooking, table } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

const history = (who: TestUser, learnerId: string) => callApi('getLessonHistory', { token: who.accessToken, query: { learnerId } as never });

async function historyItems(ownerId: string) {
  const { doc, name } = table();
  const out = await doc.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `FAMILYLESSONS#${ownerId}` } }));
  return out.Items ?? [];
}

/** A parent, a child, and `count` paid lessons of the child with one tutor. */
async function childLessons(count: number) {
  const [parent, tutor] = await Promise.all([createUser('parent'), bookableTutor()]);
  const { learner } = await expectOk(callApi('addLearner', {
    token: parent.accessToken, body: { firstName: 'Njeri', lastName: 'Kamau', curriculum: 'cbc', grade: 'cbc-grade-6', subjects: ['Mathematics'] },
  }), 'add learner');
  const starts = await freeStarts(tutor.userId);
  const bookingIds: string[] = [];
  for (const start of starts.slice(0, count)) {
    const booked = await book(parent, tutor.userId, start, 60, { learnerId: learner.id });
    expect(booked.status).toBe(201);
    await payBooking(parent, booked.body.booking);
    bookingIds.push(booked.body.booking.id as string);
  }
  return { parent, tutor, learnerId: learner.id as string, bookingIds };
}

describe('lessons history', () => {
  it('lists a held lesson before its report, fills it in on approval, and lists a no-show as missed', async () => {
    const { parent, tutor, learnerId, bookingIds: [held, missed] } = await childLessons(2);
    useStackEnvironment();
    await completeLesson(held!, 'ended_by_tutor');
    await completeLesson(missed!, 'student_no_show');

    const listed = await eventually(async () => {
      const page = await expectOk(history(parent, learnerId), 'history');
      return page.lessons.length === 2 && page.lessons;
    }, 20_000);
    const byId = new Map(listed.map((l) => [l.bookingId, l]));
    expect(byId.get(held!)).toMatchObject({ subject: 'Mathematics', report: null });
    expect(byId.get(held!)?.missed).toBeUndefined();
    expect(byId.get(missed!)).toMatchObject({ missed: true, report: null });

    await expectOk(callApi('saveLessonReport', { token: tutor.accessToken, params: { bookingId: held! }, body: { revision: 0, topics: ['Ratios'], performance: 'confident', nextSteps: 'Ratios in recipes.' } as never }), 'save');
    await expectOk(callApi('approveLessonReport', { token: tutor.accessToken, params: { bookingId: held! }, body: { revision: 1 } }), 'approve');
    const after = await expectOk(history(parent, learnerId), 'history');
    expect(after.lessons).toHaveLength(2);
    expect(after.lessons.find((l) => l.bookingId === held)?.report).toMatchObject({ topics: ['Ratios'] });
    expect(await historyItems(learnerId)).toHaveLength(2);
  });

  it('keeps one item per lesson whichever write comes first and however often it is delivered', async () => {
    const owner = `learner-${Date.now()}`;
    const lesson = { bookingId: 'b-1', ownerId: owner, subject: 'Chemistry', scheduledAt: '2026-11-20T07:00:00.000Z', durationMinutes: 60, tutorId: 't-1' };
    useStackEnvironment();
    // The report's approval first, then the held lesson twice (a redelivery), the no-show saying missed.
    await putFamilyLesson(lesson);
    await putHeldLesson({ ...lesson, missed: true });
    await putHeldLesson({ ...lesson, missed: true });
    const items = await historyItems(owner);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ ...lesson, missed: true });
    // The other order: held first, then the approval's write changes nothing.
    const other = { ...lesson, bookingId: 'b-2', ownerId: `${owner}-2` };
    await putHeldLesson(other);
    await putFamilyLesson({ ...other, subject: 'Physics' });
    expect(await historyItems(other.ownerId)).toEqual([expect.objectContaining({ ...other })]);
  });
});
