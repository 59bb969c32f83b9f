/**
 * Browse never keeps a stale rating: a review moves the tutor's figures and
 * marks their browse entries stale in one transaction; the request rebuilds them at once, and if
 * its process died first, the stale-listings job does. Against the emulators over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { putReview } from '../../functions/reviews/repository.js';
import { getProfile } from '../../functions/profiles/service.js';
import { countLessonTaught, getTutorFigures, markListingFresh } from '../../functions/tutors/figures-repository.js';
import { listingEntries } from '../../functions/tutors/listing.js';
import { replaceListing } from '../../functions/tutors/listing-repository.js';
import { callApi, eventually, expectOk, type TestUser } from '../support/api.js';
import { bookableTutor, getItem, paidLesson } from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

/** A verified tutor with a name no other test uses, so a search finds only their card. */
async function namedTutor() {
  const name = `Zed${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
  return { tutor: await bookableTutor({ firstName: name }), name };
}

async function completedLesson(tutor: TestUser) {
  const lesson = await paidLesson({ tutor });
  useStackEnvironment();
  await completeLesson(lesson.booking.id, 'ended_by_tutor');
  // The lesson's consumer counts it and rebuilds the entries; a rebuild still running beside the
  // review's would show its older figures for a moment (the race itself is the last test).
  await eventually(async () => {
    const figures = await figuresItem(tutor.userId);
    return figures?.lessonsTaught === 1 && figures.gsi1pk === undefined;
  }, 30_000);
  return lesson;
}

async function browseCard(name: string, tutorId: string) {
  const { tutors } = await expectOk(callApi('browseTutors', { query: { q: name } }), 'browse');
  return tutors.find((t) => t.id === tutorId);
}
const figuresItem = (tutorId: string) => getItem(`TUTOR#${tutorId}`, 'FIGURES');

describe('browse entries after a review', () => {
  it('follow the rating at once through the API, and leave nothing for the job', async () => {
    const { tutor, name } = await namedTutor();
    const { student, booking } = await completedLesson(tutor);
    expect((await callApi('writeReview', { token: student.accessToken, params: { bookingId: booking.id }, body: { rating: 4 } })).status).toBe(201);
    expect((await browseCard(name, tutor.userId))?.figures).toMatchObject({ rating: 4, reviewCount: 1 });
    expect((await figuresItem(tutor.userId))?.gsi1pk).toBeUndefined();
  });

  it('are rebuilt by the stale-listings job when the process died after the review was written', async () => {
    const { tutor, name } = await namedTutor();
    const { student, booking } = await completedLesson(tutor);
    // What the review request had written when it died: the review and the rating, no rebuild.
    const written = await putReview({
      bookingId: booking.id, tutorId: tutor.userId, studentId: student.userId, studentName: 'Test U.', subject: 'Mathematics',
      rating: 5, createdAt: new Date().toISOString(),
    });
    expect(written).toBe(true);
    expect((await browseCard(name, tutor.userId))?.figures).toMatchObject({ reviewCount: 0 });
    expect((await figuresItem(tutor.userId))?.gsi1pk).toBe('LISTINGSTALE');

    await runJobAt('stale-listings', new Date());
    expect((await browseCard(name, tutor.userId))?.figures).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await figuresItem(tutor.userId))?.gsi1pk).toBeUndefined();
    // Again (a retry, an overlapping run): the same card.
    await runJobAt('stale-listings', new Date());
    expect((await browseCard(name, tutor.userId))?.figures).toMatchObject({ rating: 5, reviewCount: 1 });
  });

  it('keep a lesson counted while a review was being rebuilt: the older rebuild cannot mark them fresh', async () => {
    const { tutor, name } = await namedTutor();
    const { student, booking } = await paidLesson({ tutor });
    useStackEnvironment();
    expect(await putReview({
      bookingId: booking.id, tutorId: tutor.userId, studentId: student.userId, studentName: 'Test U.', subject: 'Mathematics',
      rating: 5, createdAt: new Date().toISOString(),
    })).toBe(true);
    // The review's rebuild reads the figures; the lesson's consumer counts a lesson meanwhile.
    const readByTheRebuild = await getTutorFigures(tutor.userId);
    await countLessonTaught(tutor.userId, booking.id, student.userId, new Date().toISOString());
    // The rebuild writes what it read, and cannot call it fresh: the figures moved.
    await replaceListing(tutor.userId, listingEntries((await getProfile(tutor.userId))!, readByTheRebuild));
    expect(await markListingFresh(tutor.userId, readByTheRebuild.listingVersion)).toBe(false);
    expect((await browseCard(name, tutor.userId))?.figures).toMatchObject({ rating: 5, lessonsTaught: 0 });
    expect((await figuresItem(tutor.userId))?.gsi1pk).toBe('LISTINGSTALE');

    await runJobAt('stale-listings', new Date());
    expect((await browseCard(name, tutor.userId))?.figures).toEqual({ rating: 5, reviewCount: 1, lessonsTaught: 1, studentsTaught: 1 });
    expect((await figuresItem(tutor.userId))?.gsi1pk).toBeUndefined();
  });
});
