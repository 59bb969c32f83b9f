/**
 * Browse shows the tutor's current figures without rewriting their browse entries: a page reads
 * the figures items of its cards, a completed lesson writes no entry, and a review moves only the
 * rating order's sort keys. The review marks those stale in its own transaction and the request
 * moves them at once; if its process died first, the stale-listings job does. Against the
 * emulators over HTTP.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { putReview } from '../../functions/reviews/repository.js';
import { getProfile } from '../../functions/profiles/service.js';
import { getTutorFigures, markListingFresh } from '../../functions/tutors/figures-repository.js';
import { listingEntries } from '../../functions/tutors/listing.js';
import { moveRatingOrder } from '../../functions/tutors/listing-repository.js';
import { callApi, eventually, expectOk, type TestUser } from '../support/api.js';
import { bookableTutor, getItem, paidLesson, setAttributes, table } from '../support/fixtures.js';
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
  // The lesson's consumer counts it (in the figures item alone).
  await eventually(async () => (await figuresItem(tutor.userId))?.lessonsTaught === 1, 30_000);
  return lesson;
}

async function browseCard(name: string, tutorId: string) {
  const { tutors } = await expectOk(callApi('browseTutors', { query: { q: name } }), 'browse');
  return tutors.find((t) => t.id === tutorId);
}
const figuresItem = (tutorId: string) => getItem(`TUTOR#${tutorId}`, 'FIGURES');

/** The tutor's browse entries as stored (facet, search and sort entries), by sort key. */
async function browseEntries(tutorId: string): Promise<Map<string, Record<string, unknown>>> {
  const { doc, name } = table();
  const out = await doc.send(new QueryCommand({
    TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `TUTOR#${tutorId}` },
  }));
  const entries = (out.Items ?? []).filter((item) => item.entity === 'TutorListing');
  return new Map(entries.map((item) => [String(item.sk), item]));
}

/**
 * Marks every browse entry of the tutor and returns them: an entry written again (a Put) loses the
 * mark, so an entry compared equal afterwards was not rewritten, even with the same content.
 */
async function markedEntries(tutorId: string) {
  for (const sk of (await browseEntries(tutorId)).keys()) await setAttributes(`TUTOR#${tutorId}`, sk, { testMark: 'before' });
  return browseEntries(tutorId);
}

/** The distinct sort keys of the tutor's rating order entries (one per facet, all the same when fresh). */
const ratingOrderKeys = async (tutorId: string) =>
  [...new Set([...(await browseEntries(tutorId)).values()].filter((e) => String(e.sk).startsWith('BYRATING#')).map((e) => String(e.gsi1sk)))];

describe('browse figures without rewriting the browse entries', () => {
  it('show a completed lesson on the browse card and the profile, and the lesson rewrites no entry', async () => {
    const { tutor, name } = await namedTutor();
    const before = await markedEntries(tutor.userId);
    expect(before.size).toBeGreaterThan(10);
    expect((await browseCard(name, tutor.userId))?.figures).toEqual({ reviewCount: 0, lessonsTaught: 0, studentsTaught: 0 });

    await completedLesson(tutor);
    expect((await browseCard(name, tutor.userId))?.figures).toEqual({ reviewCount: 0, lessonsTaught: 1, studentsTaught: 1 });
    const profile = await expectOk(callApi('getTutor', { params: { tutorId: tutor.userId } }), 'tutor');
    expect(profile.figures).toMatchObject({ lessonsTaught: 1, studentsTaught: 1 });
    expect(profile.stats.completedSessions).toBe(1);
    expect(await browseEntries(tutor.userId)).toEqual(before); // not one entry written
  });

  it('move only the rating order entries on a review, and the card shows the new rating', async () => {
    const { tutor, name } = await namedTutor();
    const { student, booking } = await completedLesson(tutor);
    const before = await markedEntries(tutor.userId);
    expect((await callApi('writeReview', { token: student.accessToken, params: { bookingId: booking.id }, body: { rating: 4 } })).status).toBe(201);
    const after = await browseEntries(tutor.userId);

    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const moved = [...after.keys()].filter((sk) => JSON.stringify(after.get(sk)) !== JSON.stringify(before.get(sk)));
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((sk) => sk.startsWith('BYRATING#'))).toBe(true);
    expect(moved.sort()).toEqual([...after.keys()].filter((sk) => sk.startsWith('BYRATING#')).sort());
    // Moved in place (the mark kept), their key alone changed.
    for (const sk of moved) expect(after.get(sk)).toEqual({ ...before.get(sk), gsi1sk: expect.stringMatching(/^R#/) });

    expect((await browseCard(name, tutor.userId))?.figures).toEqual({ rating: 4, reviewCount: 1, lessonsTaught: 1, studentsTaught: 1 });
    // The rating order itself (rated first, best first): reviews.test.ts "browse by rating, price and newest".
  });
});

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
    // The card reads the figures item, so it shows the review at once; the rating order lags.
    expect((await browseCard(name, tutor.userId))?.figures).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(await ratingOrderKeys(tutor.userId)).toEqual([expect.stringMatching(/^U#/)]);
    expect((await figuresItem(tutor.userId))?.gsi1pk).toBe('LISTINGSTALE');

    await runJobAt('stale-listings', new Date());
    expect(await ratingOrderKeys(tutor.userId)).toEqual([expect.stringMatching(/^R#000#999998#/)]);
    expect((await figuresItem(tutor.userId))?.gsi1pk).toBeUndefined();
    // Again (a retry, an overlapping run): the same entries.
    await runJobAt('stale-listings', new Date());
    expect(await ratingOrderKeys(tutor.userId)).toEqual([expect.stringMatching(/^R#000#999998#/)]);
    expect((await browseCard(name, tutor.userId))?.figures).toMatchObject({ rating: 5, reviewCount: 1 });
  });

  it('keep the rating order of a second review made while the first one\'s entries were moving: the older write cannot mark them fresh', async () => {
    const { tutor } = await namedTutor();
    const first = await completedLesson(tutor);
    const second = await paidLesson({ tutor, student: first.student });
    useStackEnvironment();
    await completeLesson(second.booking.id, 'ended_by_tutor');
    const review = (bookingId: string, rating: number) => putReview({
      bookingId, tutorId: tutor.userId, studentId: first.student.userId, studentName: 'Test U.', subject: 'Mathematics',
      rating, createdAt: new Date().toISOString(),
    });
    expect(await review(first.booking.id, 5)).toBe(true);
    // The first review's refresh reads the figures; the second review moves the rating meanwhile.
    const readByTheRefresh = await getTutorFigures(tutor.userId);
    expect(await review(second.booking.id, 1)).toBe(true);
    // The refresh writes what it read, and cannot call it fresh: the rating moved.
    const profile = (await getProfile(tutor.userId))!;
    await moveRatingOrder(tutor.userId, listingEntries(profile, readByTheRefresh).sortKeys.rating);
    expect(await markListingFresh(tutor.userId, readByTheRefresh.listingVersion)).toBe(false);
    expect((await figuresItem(tutor.userId))?.gsi1pk).toBe('LISTINGSTALE');

    await runJobAt('stale-listings', new Date());
    const current = listingEntries(profile, await getTutorFigures(tutor.userId)).sortKeys.rating;
    expect(await ratingOrderKeys(tutor.userId)).toEqual([current]);
    expect(current).toMatch(/^R#200#999997#/); // 3.0 from two reviews
    expect((await figuresItem(tutor.userId))?.gsi1pk).toBeUndefined();
  });
});
