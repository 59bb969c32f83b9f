/**
 * Reviews and the tutor figures they move, against the emulators over HTTP:
 * only the student of a completed, paid lesson reviews it, once; edits within 14 days; one reply;
 * an audited hide; and browse by rating, price and newest with a price range, read by Query.
 */
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { publishEvent } from '../../functions/shared/events.js';
import { browseTutors } from '../../functions/tutors/listing-service.js';
import { callApi, createUser, eventually, expectOk, signInDemoAdmin, type TestUser } from '../support/api.js';
import { bookableTutor, getItem, paidLesson, setAttributes } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

/** A paid lesson of `tutor` that took place (the tutor ended it). */
async function completedLesson(tutor: TestUser, student?: TestUser) {
  const lesson = await paidLesson({ tutor, ...(student ? { student } : {}) });
  useStackEnvironment();
  await completeLesson(lesson.booking.id, 'ended_by_tutor');
  return lesson;
}

const figuresOf = async (tutorId: string) => (await expectOk(callApi('getTutor', { params: { tutorId } }), 'tutor')).figures;
const review = (student: TestUser, bookingId: string, rating: number, comment?: string) =>
  callApi('writeReview', { token: student.accessToken, params: { bookingId }, body: { rating, ...(comment ? { comment } : {}) } });

describe('reviews of completed lessons', () => {
  it('lets only the lesson\'s student review it, once, and moves the tutor\'s rating with edits and hides', async () => {
    const tutor = await bookableTutor();
    const { student, booking } = await paidLesson({ tutor });
    expect((await review(student, booking.id, 5)).status).toBe(422); // not yet taken place
    useStackEnvironment();
    await completeLesson(booking.id, 'ended_by_tutor');
    expect(await figuresOf(tutor.userId)).toMatchObject({ reviewCount: 0 });
    expect((await figuresOf(tutor.userId))?.rating).toBeUndefined(); // "New tutor", never a figure

    const stranger = await createUser('student');
    expect((await review(stranger, booking.id, 1)).status).toBe(403);
    expect((await callApi('writeReview', { token: tutor.accessToken, params: { bookingId: booking.id }, body: { rating: 5 } })).status).toBe(403);
    expect((await review(student, booking.id, 6)).status).toBe(400);

    const first = await review(student, booking.id, 4, 'Clear and patient.');
    expect(first.status).toBe(201);
    const again = await Promise.all([review(student, booking.id, 5), review(student, booking.id, 1)]);
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    expect(await figuresOf(tutor.userId)).toMatchObject({ rating: 4, reviewCount: 1 });

    const edited = await callApi('updateReview', { token: student.accessToken, params: { bookingId: booking.id }, body: { rating: 2 } });
    expect(edited.status).toBe(200);
    expect(await figuresOf(tutor.userId)).toMatchObject({ rating: 2, reviewCount: 1 });

    const second = await completedLesson(tutor, student);
    expect((await review(student, second.booking.id, 5, 'Great again')).status).toBe(201);
    expect(await figuresOf(tutor.userId)).toMatchObject({ rating: 3.5, reviewCount: 2 });

    const { reviews } = await expectOk(callApi('listTutorReviews', { params: { tutorId: tutor.userId } }), 'reviews');
    expect(reviews.map((r) => [r.id, r.rating, r.studentName])).toEqual([[second.booking.id, 5, 'Test U.'], [booking.id, 2, 'Test U.']]);
    expect(reviews[1]!.comment).toBeUndefined(); // the edit sent no comment: removed

    // Hidden by a super admin (audited): out of the list and out of the rating.
    const admin = await signInDemoAdmin();
    const hide = (bookingId: string) =>
      callApi('hideReview', { token: admin.accessToken, params: { bookingId }, body: { reason: 'Abusive language' } });
    expect((await callApi('hideReview', { token: tutor.accessToken, params: { bookingId: booking.id }, body: { reason: 'I dislike it' } })).status).toBe(403);
    expect((await hide(booking.id)).status).toBe(200);
    expect((await hide(booking.id)).status).toBe(409);
    expect(await figuresOf(tutor.userId)).toMatchObject({ rating: 5, reviewCount: 1 });
    const after = await expectOk(callApi('listTutorReviews', { params: { tutorId: tutor.userId } }), 'reviews');
    expect(after.reviews.map((r) => r.id)).toEqual([second.booking.id]);
    expect((await callApi('updateReview', { token: student.accessToken, params: { bookingId: booking.id }, body: { rating: 5 } })).status).toBe(422);
    const mine = await expectOk(callApi('listMyReviews', { token: student.accessToken }), 'my reviews');
    expect(mine.reviews.find((r) => r.id === booking.id)?.hidden).toBe(true);
    expect(await getItem(`REVIEW#${booking.id}`, 'REVIEW')).toMatchObject({ hidden: { reason: 'Abusive language' } });
  });

  it('closes editing 14 days after the review was written', async () => {
    const tutor = await bookableTutor();
    const { student, booking } = await completedLesson(tutor);
    expect((await review(student, booking.id, 3)).status).toBe(201);
    await setAttributes(`REVIEW#${booking.id}`, 'REVIEW', { createdAt: new Date(Date.now() - 14 * 24 * 3600_000 - 60_000).toISOString() });
    const late = await callApi('updateReview', { token: student.accessToken, params: { bookingId: booking.id }, body: { rating: 5 } });
    expect(late.status).toBe(422);
    expect(await figuresOf(tutor.userId)).toMatchObject({ rating: 3, reviewCount: 1 });
  });

  it('lets the reviewed tutor reply once, and nobody else', async () => {
    const tutor = await bookableTutor();
    const { student, booking } = await completedLesson(tutor);
    await expectOk(review(student, booking.id, 5), 'review');
    const reply = (who: TestUser, text: string) => callApi('replyToReview', { token: who.accessToken, params: { bookingId: booking.id }, body: { text } });
    const otherTutor = await createUser('tutor');
    expect((await reply(otherTutor, 'Not mine')).status).toBe(403);
    expect((await reply(tutor, 'Thank you!')).status).toBe(200);
    expect((await reply(tutor, 'Thanks again')).status).toBe(409);
    const { reviews } = await expectOk(callApi('listTutorReviews', { params: { tutorId: tutor.userId } }), 'reviews');
    expect(reviews[0]!.reply?.text).toBe('Thank you!');
  });

  it('pages a tutor\'s reviews with a cursor', async () => {
    const tutor = await bookableTutor();
    for (let i = 0; i < 3; i++) {
      const { student, booking } = await completedLesson(tutor);
      await expectOk(review(student, booking.id, 5), 'review');
    }
    const first = await expectOk(callApi('listTutorReviews', { params: { tutorId: tutor.userId }, query: { limit: 2 } }), 'page 1');
    expect(first.reviews).toHaveLength(2);
    const rest = await expectOk(callApi('listTutorReviews', { params: { tutorId: tutor.userId }, query: { limit: 2, cursor: first.nextCursor! } }), 'page 2');
    expect(rest.reviews).toHaveLength(1);
    expect(rest.nextCursor).toBeUndefined();
  });
});

describe('reviews quoted on the home page', () => {
  const featured = async () => (await expectOk(callApi('listFeaturedReviews', {}), 'featured')).reviews;

  it('quotes only reviews whose author ticked consent (off by default), 4–5 stars with a comment, first name only; unticking or hiding takes it off', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student', { firstName: 'Nafula' });
    const consenting = await completedLesson(tutor, student);
    const silent = await completedLesson(tutor, student);
    const low = await completedLesson(tutor, student);
    const write = (bookingId: string, body: { rating: number; comment?: string; showOnHomePage?: boolean }) =>
      callApi('writeReview', { token: student.accessToken, params: { bookingId }, body });
    expect((await write(silent.booking.id, { rating: 5, comment: 'Quiet praise.' })).status).toBe(201);
    expect((await write(low.booking.id, { rating: 3, comment: 'It was fine.', showOnHomePage: true })).status).toBe(201);
    const written = await expectOk(write(consenting.booking.id, { rating: 5, comment: 'Fractions finally make sense.', showOnHomePage: true }), 'consenting');
    expect(written.review.showOnHomePage).toBe(true);

    const ids = async () => (await featured()).map((r) => r.id);
    expect(await ids()).toContain(consenting.booking.id);
    expect(await ids()).not.toContain(silent.booking.id);
    expect(await ids()).not.toContain(low.booking.id);
    const quoted = (await featured()).find((r) => r.id === consenting.booking.id);
    expect(quoted).toEqual({ id: consenting.booking.id, firstName: 'Nafula', rating: 5, comment: 'Fractions finally make sense.', subject: expect.any(String) });
    expect(JSON.stringify(await featured())).not.toContain('Nafula U');

    // An edit asks again: left unticked, the quote goes.
    await expectOk(callApi('updateReview', { token: student.accessToken, params: { bookingId: consenting.booking.id }, body: { rating: 5, comment: 'Still great.' } }), 'edit');
    expect(await ids()).not.toContain(consenting.booking.id);
    await expectOk(callApi('updateReview', {
      token: student.accessToken, params: { bookingId: consenting.booking.id }, body: { rating: 4, comment: 'Still great.', showOnHomePage: true },
    }), 'edit again');
    expect((await featured()).find((r) => r.id === consenting.booking.id)).toMatchObject({ rating: 4, comment: 'Still great.' });

    // Hidden by the team: off the home page too.
    const admin = await signInDemoAdmin();
    await expectOk(callApi('hideReview', { token: admin.accessToken, params: { bookingId: consenting.booking.id }, body: { reason: 'Not a lesson review' } }), 'hide');
    expect(await ids()).not.toContain(consenting.booking.id);
  });
});

describe('lessons and students taught', () => {
  it('counts each completed lesson once and each student once, even when LessonCompleted is delivered again', async () => {
    const tutor = await bookableTutor();
    const { student, booking } = await completedLesson(tutor);
    await eventually(async () => (await figuresOf(tutor.userId))?.lessonsTaught === 1, 30_000);
    const event = {
      bookingId: booking.id, studentId: student.userId, tutorId: tutor.userId, subject: 'Mathematics',
      scheduledAt: booking.scheduledAt, durationMinutes: 60, reason: 'ended_by_tutor' as const, occurredAt: new Date().toISOString(),
    };
    await publishEvent('LessonCompleted', event);
    await publishEvent('LessonCompleted', event);
    await completedLesson(tutor, student); // the same student again
    await eventually(async () => (await figuresOf(tutor.userId))?.lessonsTaught === 2, 30_000);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await figuresOf(tutor.userId)).toMatchObject({ lessonsTaught: 2, studentsTaught: 1 });
    const profile = await expectOk(callApi('getTutor', { params: { tutorId: tutor.userId } }), 'tutor');
    expect(profile.stats.completedSessions).toBe(2);
  });
});

describe('browse by rating, price and newest, with a price range', () => {
  it('answers each order and range from one partition, reading about as many items as it returns', async () => {
    // A price band no other test uses, so the shared table's other tutors stay outside the range.
    const base = 30_000 + Math.floor(Math.random() * 1_900) * 10;
    const cheap = await bookableTutor({ hourlyRate: base + 1 });
    const dear = await bookableTutor({ hourlyRate: base + 3 });
    const middle = await bookableTutor({ hourlyRate: base + 2 });
    const lesson = await completedLesson(dear);
    await expectOk(review(lesson.student, lesson.booking.id, 5), 'review');
    const other = await completedLesson(cheap);
    await expectOk(review(other.student, other.booking.id, 3), 'review');
    const range = { minPrice: base, maxPrice: base + 9 };
    useStackEnvironment();

    const byPrice = await browseTutors({ sort: 'price', ...range, limit: 10 });
    expect(byPrice.tutors.map((t) => t.id)).toEqual([cheap.userId, middle.userId, dear.userId]);
    expect(byPrice.itemsRead).toBeLessThanOrEqual(4);
    expect(byPrice.readCalls).toBe(1);

    const pagesOf = async (query: Parameters<typeof browseTutors>[0]) => {
      const ids: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 40; page++) {
        const res = await browseTutors({ ...query, ...(cursor ? { cursor } : {}) });
        expect(res.readCalls).toBeLessThanOrEqual(4);
        ids.push(...res.tutors.map((t) => t.id));
        cursor = res.nextCursor;
        if (!cursor) return ids;
      }
      throw new Error('browse did not end');
    };
    expect(await pagesOf({ sort: 'rating', ...range, limit: 10 })).toEqual([dear.userId, cheap.userId, middle.userId]);
    expect((await pagesOf({ sort: 'newest', ...range, limit: 10 })).slice(0, 3)).toEqual([middle.userId, dear.userId, cheap.userId]);

    const card = byPrice.tutors.find((t) => t.id === dear.userId)!;
    expect(card.figures).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(byPrice.tutors.find((t) => t.id === middle.userId)!.figures).toMatchObject({ reviewCount: 0 });

    const refused = await callApi('browseTutors', { query: { minPrice: 500, maxPrice: 400 } });
    expect(refused.status).toBe(400);
    expect(refused.error?.details).toEqual({ fields: [{ path: 'maxPrice', message: 'The lowest price must not be above the highest' }] });
    const negative = await callApi('browseTutors', { query: { minPrice: -100 } });
    expect(negative.status).toBe(400);
    expect(negative.error?.details).toEqual({ fields: [{ path: 'minPrice', message: 'A price cannot be negative' }] });
  });
});
