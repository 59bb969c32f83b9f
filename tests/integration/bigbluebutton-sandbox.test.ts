/**
 * The local BigBlueButton sandbox end to end with the production adapter: the sandbox is started
 * the way `npm start` and the test stack start it (its entry in infra/local/sandboxes/index.ts, on a free
 * port), and everything goes over real HTTP as between Lambda, the BigBlueButton server and the
 * participant's browser.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigBlueButton, signedUrl } from '../../functions/live/bigbluebutton.js';
import { VideoProviderError, type CreateMeeting } from '../../functions/live/video.js';
import { sandboxes, type RunningSandbox } from '../../infra/local/sandboxes/index.js';
import { LOCAL_BIGBLUEBUTTON_SECRET } from '../../infra/local/sandboxes/secrets.js';
import { startBigBlueButtonSandbox } from '../../infra/local/sandboxes/bigbluebutton/server.js';

const APP_ORIGIN = 'http://localhost:3999';
const CHECKSUM_ERROR = '<response><returncode>FAILED</returncode><messageKey>checksumError</messageKey>'
  + '<message>You did not pass the checksum security check</message></response>';

let sandbox: RunningSandbox;
const adapter = (secret = LOCAL_BIGBLUEBUTTON_SECRET) => bigBlueButton({ baseUrl: sandbox.apiUrl, secret: async () => secret });

let counter = 0;
function meeting(overrides: Partial<CreateMeeting> = {}): CreateMeeting {
  counter += 1;
  const meetingId = `bk_it_${Date.now().toString(36)}_${counter}`;
  return {
    meetingId,
    name: 'Mathematics with Amina Otieno',
    logoutUrl: `${APP_ORIGIN}/live-tutoring/${meetingId}`,
    durationMinutes: 60,
    ...overrides,
  };
}

/** Follows a join URL like the browser's first hop: the sandbox's answer, not the page yet. */
const open = (url: string) => fetch(url, { redirect: 'manual' });

async function enter(joinUrl: string): Promise<{ classroomUrl: string; html: string; headers: Headers }> {
  const join = await open(joinUrl);
  expect(join.status).toBe(302);
  const classroomUrl = join.headers.get('location')!;
  expect(classroomUrl).toMatch(/\/classroom\/[a-z0-9]+$/);
  const page = await fetch(classroomUrl);
  expect(page.status).toBe(200);
  return { classroomUrl, html: await page.text(), headers: page.headers };
}

const heartbeat = async (classroomUrl: string) =>
  (await (await fetch(`${classroomUrl}/heartbeat`, { method: 'POST' })).json()) as {
    ended: boolean; participants: Array<{ fullName: string; role: string; you: boolean }>;
  };

beforeAll(async () => {
  const entry = sandboxes.bigbluebutton;
  sandbox = await entry.start({ port: 0, secretValue: entry.secretValue, appOrigin: APP_ORIGIN });
});

afterAll(async () => {
  await sandbox?.close();
});

describe('BigBlueButton sandbox with the production adapter', () => {
  it('answers the bare API URL with its version, without a checksum, as BigBlueButton does', async () => {
    const text = await (await fetch(sandbox.apiUrl)).text();
    expect(text).toMatch(/^<response><returncode>SUCCESS<\/returncode><version>2\.0<\/version>/);
  });

  it('runs a class: create (twice), moderator and viewer join with their roles, participants listed, one leaves, end', async () => {
    const video = adapter();
    const m = meeting();
    await video.createMeeting(m);
    await video.createMeeting(m); // duplicateWarning: a retried create is fine
    expect(await video.isMeetingRunning(m.meetingId)).toBe(false);
    expect(await video.meetingInfo(m.meetingId)).toEqual({ running: false, participantCount: 0, participants: [] });

    const tutorUrl = await video.joinUrl({ meetingId: m.meetingId, fullName: 'Amina Otieno', userId: 'u_tutor', role: 'moderator' });
    const studentUrl = await video.joinUrl({ meetingId: m.meetingId, fullName: 'Zoë Wanjiru', userId: 'u_student', role: 'attendee' });
    expect(new URL(tutorUrl).searchParams.get('role')).toBe('MODERATOR');
    expect(new URL(studentUrl).searchParams.get('role')).toBe('VIEWER');
    expect(new URL(tutorUrl).searchParams.get('checksum')).not.toBe(new URL(studentUrl).searchParams.get('checksum'));

    const tutor = await enter(tutorUrl);
    expect(tutor.html).toContain('Mathematics with Amina Otieno');
    expect(tutor.html).toMatch(/You: Amina Otieno <span class="role Moderator">Moderator<\/span>/);
    const student = await enter(studentUrl);
    expect(student.html).toMatch(/You: Zoë Wanjiru <span class="role Attendee">Attendee<\/span>/);
    expect(student.html).toContain('Amina Otieno');
    expect(student.classroomUrl).not.toBe(tutor.classroomUrl);

    // Embeddable by the app only; no X-Frame-Options that would forbid the app's iframe.
    expect(student.headers.get('x-frame-options')).toBeNull();
    expect(student.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${APP_ORIGIN}`);

    expect(await video.isMeetingRunning(m.meetingId)).toBe(true);
    const info = await video.meetingInfo(m.meetingId);
    expect(info).toEqual({
      running: true,
      participantCount: 2,
      participants: [
        { userId: 'u_tutor', fullName: 'Amina Otieno', role: 'moderator' },
        { userId: 'u_student', fullName: 'Zoë Wanjiru', role: 'attendee' },
      ],
    });
    const seen = await heartbeat(tutor.classroomUrl);
    expect(seen.participants).toEqual([
      { fullName: 'Amina Otieno', role: 'MODERATOR', you: true },
      { fullName: 'Zoë Wanjiru', role: 'VIEWER', you: false },
    ]);

    const leave = await fetch(`${student.classroomUrl}/leave`, { method: 'POST', redirect: 'manual' });
    expect(leave.status).toBe(303);
    expect(leave.headers.get('location')).toBe(m.logoutUrl);
    expect((await video.meetingInfo(m.meetingId))?.participants.map((p) => p.userId)).toEqual(['u_tutor']);

    await video.endMeeting(m.meetingId);
    await video.endMeeting(m.meetingId); // notFound: ending twice changes nothing
    expect(await video.meetingInfo(m.meetingId)).toBeNull();
    expect(await video.isMeetingRunning(m.meetingId)).toBe(false);
    expect(await heartbeat(tutor.classroomUrl)).toMatchObject({ ended: true, participants: [] });
    expect(await (await fetch(tutor.classroomUrl)).text()).toMatch(/<div id="ended" class="ended" role="status">This session has ended<\/div>/);
    // The old join link does not reopen an ended class.
    expect(await (await open(studentUrl)).text()).toContain('<messageKey>meetingForciblyEnded</messageKey>');
  });

  it('refuses a wrong checksum with BigBlueButton\'s checksumError XML, and the adapter reports it', async () => {
    const m = meeting();
    const forged = signedUrl(sandbox.apiUrl, 'create', { meetingID: m.meetingId, name: m.name }, 'not-the-secret');
    const answer = await fetch(forged);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(CHECKSUM_ERROR);
    const noChecksum = await fetch(`${sandbox.apiUrl}/getMeetingInfo?meetingID=${m.meetingId}`);
    expect(await noChecksum.text()).toBe(CHECKSUM_ERROR);

    const error = await adapter('not-the-secret').createMeeting(m).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoProviderError);
    expect((error as VideoProviderError).key).toBe('checksumError');
    expect(await adapter().meetingInfo(m.meetingId)).toBeNull(); // nothing was created
  });

  it('refuses a join URL whose role was changed (a student cannot make themselves moderator)', async () => {
    const video = adapter();
    const m = meeting();
    await video.createMeeting(m);
    const studentUrl = await video.joinUrl({ meetingId: m.meetingId, fullName: 'Zoë Wanjiru', userId: 'u_student', role: 'attendee' });
    const tampered = studentUrl.replace('role=VIEWER', 'role=MODERATOR');
    expect(tampered).not.toBe(studentUrl);
    const answer = await open(tampered);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(CHECKSUM_ERROR);
    expect(await video.meetingInfo(m.meetingId)).toMatchObject({ participantCount: 0 });
  });

  it('accepts SHA-1 checksums too, as BigBlueButton does', async () => {
    const m = meeting();
    const query = new URLSearchParams({ name: m.name, meetingID: m.meetingId }).toString();
    const sha1 = createHash('sha1').update(`create${query}${LOCAL_BIGBLUEBUTTON_SECRET}`).digest('hex');
    const text = await (await fetch(`${sandbox.apiUrl}/create?${query}&checksum=${sha1}`)).text();
    expect(text).toContain('<returncode>SUCCESS</returncode>');
    expect(await adapter().meetingInfo(m.meetingId)).not.toBeNull();
  });

  it('answers BigBlueButton\'s errors for missing parameters and unknown meetings', async () => {
    const secret = LOCAL_BIGBLUEBUTTON_SECRET;
    const key = async (url: string) => /<messageKey>(\w+)<\/messageKey>/.exec(await (await open(url)).text())?.[1];
    expect(await key(signedUrl(sandbox.apiUrl, 'create', { name: 'x' }, secret))).toBe('missingParamMeetingID');
    expect(await key(signedUrl(sandbox.apiUrl, 'create', { meetingID: 'x' }, secret))).toBe('missingParamName');
    expect(await key(signedUrl(sandbox.apiUrl, 'join', { meetingID: 'nope', fullName: 'A', role: 'VIEWER' }, secret))).toBe('invalidMeetingIdentifier');
    expect(await key(signedUrl(sandbox.apiUrl, 'getMeetingInfo', { meetingID: 'nope' }, secret))).toBe('notFound');
    expect((await fetch(`${sandbox.url}/classroom/unknowntoken`)).status).toBe(404);
  });
});

describe('presence', () => {
  it('drops a participant whose page stopped polling, and counts them again when it polls', async () => {
    const secret = 'presence-secret';
    const quick = await startBigBlueButtonSandbox({ port: 0, secret, appOrigin: APP_ORIGIN, presenceTimeoutMs: 300 });
    try {
      const video = bigBlueButton({ baseUrl: quick.apiUrl, secret: async () => secret });
      const m = meeting();
      await video.createMeeting(m);
      const { classroomUrl } = await enter(await video.joinUrl({ meetingId: m.meetingId, fullName: 'Zoë Wanjiru', userId: 'u_s', role: 'attendee' }));
      expect((await video.meetingInfo(m.meetingId))?.participantCount).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await video.meetingInfo(m.meetingId))?.participantCount).toBe(0);
      expect((await heartbeat(classroomUrl)).participants).toHaveLength(1);
      expect((await video.meetingInfo(m.meetingId))?.participantCount).toBe(1);
    } finally {
      await quick.close();
    }
  });
});
