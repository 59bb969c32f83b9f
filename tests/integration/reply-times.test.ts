/**
 * The tutor's response time stays true as samples age out of the 30-day window: the daily
 * reply-times job, against the emulators, recomputes the tutors whose oldest sample expired
 * (through the reply-expiry index) and a tutor with nothing left shows no response time.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { setAttributes } from '../support/fixtures.js';
import { runJobAt } from '../support/jobs.js';

const DAY = 86_400_000;
const figures = async (tutor: TestUser) => (await expectOk(callApi('getTutor', { params: { tutorId: tutor.userId } }), 'profile')).figures;
const send = (user: TestUser, conversationId: string, text: string) =>
  expectOk(callApi('sendConversationMessage', { token: user.accessToken, params: { conversationId }, body: { clientId: randomUUID().replaceAll('-', ''), text } }), 'send');

/** A family asks at `askedAt`; the tutor answers now. */
async function firstReply(tutor: TestUser, askedAt: Date): Promise<void> {
  const family = await createUser('parent');
  const { conversation } = await expectOk(callApi('startConversation', { token: family.accessToken, body: { tutorId: tutor.userId } }), 'start');
  await send(family, conversation.id, 'Are you free on Saturdays?');
  await setAttributes(`CONV#${conversation.id}`, 'CONV', { awaitingReplySince: askedAt.toISOString() });
  await send(tutor, conversation.id, 'Yes I am');
}

describe('the reply-times job', () => {
  it('drops samples older than 30 days: the figure follows the rest, and no data shows nothing', async () => {
    const [busy, quiet] = await Promise.all([createUser('tutor'), createUser('tutor')]);
    const now = Date.now();
    // Busy: one first reply 29 days ago that took 29 days, one this hour that took half an hour.
    await firstReply(busy, new Date(now - 29 * DAY));
    await firstReply(busy, new Date(now - 1_800_000));
    // Quiet: only the old one, then no more messages.
    await firstReply(quiet, new Date(now - 29 * DAY));
    expect((await figures(busy))?.replyHours).toBeGreaterThan(24);
    expect((await figures(quiet))?.replyHours).toBeGreaterThan(24);

    // A day later the old samples are still in the window: nothing changes.
    await runJobAt('reply-times', new Date(now + DAY));
    expect((await figures(quiet))?.replyHours).toBeGreaterThan(24);

    // Two days later they are 31 days old.
    await runJobAt('reply-times', new Date(now + 2 * DAY));
    expect((await figures(busy))?.replyHours).toBe(1);
    expect((await figures(quiet))?.replyHours).toBeUndefined();
  });
});
