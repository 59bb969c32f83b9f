/**
 * Privacy against the emulators: a parent's export holds every item of their household (checked
 * against a walk of the table by the household's keys and the parent's index keys) and nothing of
 * another household; deleting a learner and then the account leaves no personal item and no file,
 * the sign-in is gone, money records stay (pseudonymised) and a second run changes nothing; a
 * super admin's read of a child is audited.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, callApi, cognito, createUser, eventually, expectOk, signIn, signInDemoAdmin, stack, uniqueEmail, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, moveLesson, paidLesson, table, waitUntilDone } from '../support/fixtures.js';
import { nairobiYear } from '../../functions/households/minor-rules.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import { PNG, putDirect, s3 } from '../support/uploads.js';
import { useStackEnvironment } from '../support/jobs.js';
import { runAccountDeletion, runLearnerDeletion } from '../../functions/privacy/service.js';
import type { LearnerDetailsInput } from '../../functions/households/contract.js';

const amani: LearnerDetailsInput = { firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] };
const zawadi: LearnerDetailsInput = { firstName: 'Zawadi', lastName: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subjects: ['Chemistry'] };

type Item = Record<string, unknown> & { pk: string; sk: string };

async function query(partition: string, index?: 'gsi1' | 'gsi2'): Promise<Item[]> {
  const { doc, name } = table();
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(new QueryCommand({
      TableName: name, ...(index ? { IndexName: index } : {}),
      KeyConditionExpression: `${index ?? ''}pk = :p`, ExpressionAttributeValues: { ':p': partition },
      ...(start ? { ExclusiveStartKey: start } : {}),
    }));
    items.push(...(out.Items ?? []) as Item[]);
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * The household as the table holds it: the parent's partitions and their per-user index entries,
 * and what those name: the bookings' lessons and payments, the verified number's owner item, the
 * approval link's token, and each conversation's item, the user's side and every message.
 */
async function householdWalk(userId: string): Promise<Item[]> {
  const own = await Promise.all(['USER', 'HOUSEHOLD', 'PROGRESS', 'AICHAT', 'AIUSE', 'PARENTAPPROVAL', 'INBOX', 'MSGCAP#USER'].map((p) => query(`${p}#${userId}`)));
  const indexed = await Promise.all([
    query(`STUDENT#${userId}`, 'gsi1'), query(`STUDENTREVIEWS#${userId}`, 'gsi2'), query(`STUDENTCOURSES#${userId}`, 'gsi1'), query(`STUDENTCERTS#${userId}`, 'gsi1'),
  ]);
  const [bookings] = indexed;
  const sides = await query(`CONVS#${userId}`, 'gsi1');
  const named = own.flat();
  const hanging = await Promise.all([
    ...bookings!.flatMap((b) => [
      query(`LIVE#${String(b.id)}`),
      ...(b.paymentReference ? [query(`PAYMENT#${String(b.paymentReference)}`), query(`TXN#${String(b.paymentReference)}`)] : []),
    ]),
    ...named.filter((i) => i.sk === 'PHONE').map((i) => query(`PHONE#${String(i.phone)}`)),
    ...named.filter((i) => i.sk === 'PARENTAPPROVAL' && i.tokenHash).map((i) => query(`APPROVALTOKEN#${String(i.tokenHash)}`)),
    ...sides.map(async (side) => (await query(`CONV#${String(side.conversationId)}`))
      .filter((i) => i.sk === 'CONV' || i.sk === side.sk || i.sk.startsWith('MSG#'))),
  ]);
  return [...named, ...indexed.flat(), ...hanging.flat()];
}

const freshPhone = () => `07${randomInt(10, 99)}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
const freshAddress = () => `203.0.113.${randomInt(1, 250)}-${randomUUID().slice(0, 6)}`;

/** Verifies a fresh number on the account as a person does: asks for a code, reads the SMS, confirms. Returns it as stored (2547…). */
async function verifyPhone(user: TestUser, phone = freshPhone()): Promise<string> {
  const headers = { 'x-alp-client-ip': freshAddress() };
  expect((await api('/api/phones/me/code', { method: 'POST', token: user.accessToken, body: { phone }, headers })).status).toBeLessThan(300);
  const sms = await eventually(async () => {
    const res = await fetch(`${stack().sandboxUrls.africastalking!}/__sandbox/messages?to=${encodeURIComponent(phone)}`);
    return ((await res.json()) as SandboxSms[]).at(-1);
  });
  const code = /\b(\d{6})\b/.exec(sms.text)![1]!;
  expect((await api('/api/phones/me/confirm', { method: 'POST', token: user.accessToken, body: { code }, headers })).status).toBeLessThan(300);
  return `254${phone.slice(1)}`;
}

const message = (user: TestUser, conversationId: string, text: string) => expectOk(callApi('sendConversationMessage', {
  token: user.accessToken, params: { conversationId }, body: { clientId: randomUUID().replaceAll('-', ''), text },
}), 'send');

/** A conversation between a family and a tutor, a message each way. */
async function conversation(family: TestUser, tutor: TestUser): Promise<string> {
  const { conversation: started } = await expectOk(callApi('startConversation', { token: family.accessToken, body: { tutorId: tutor.userId } }), 'start');
  await message(family, started.id, 'Habari, can you help Amani with fractions?');
  await message(tutor, started.id, 'Yes, Tuesdays work for me.');
  return started.id;
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: stack().resources.uploadsBucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

/** A parent with two children, a paid lesson, a saved game, a photo, a verified phone, message preferences and a conversation with the tutor. */
async function household(): Promise<{ parent: TestUser; learners: string[]; bookingId: string; tutor: TestUser; phone: string; conversationId: string }> {
  const parent = await createUser('parent');
  const learners = [
    (await expectOk(callApi('addLearner', { token: parent.accessToken, body: amani }), 'add')).learner.id,
    (await expectOk(callApi('addLearner', { token: parent.accessToken, body: zawadi }), 'add')).learner.id,
  ];
  const { booking, tutor } = await paidLesson({ student: parent });
  const saved = await api('/api/progress/games', {
    method: 'POST', token: parent.accessToken,
    body: { gameId: randomUUID(), subject: 'Physics', mode: 'quiz', score: 800, correctCount: 8, questionCount: 10, durationSeconds: 300 },
  });
  expect(saved.status).toBeLessThan(300);
  await putDirect(`public/profile-photos/${parent.userId}/photo.png`, PNG, 'image/png');
  await putDirect(`staging/profile-photo/${parent.userId}/1_photo.png`, PNG, 'image/png');
  const phone = await verifyPhone(parent);
  await expectOk(callApi('putNotificationPreferences', { token: parent.accessToken, body: { lessonReminder: 'sms' } }), 'preferences');
  const conversationId = await conversation(parent, tutor);
  return { parent, learners, bookingId: booking.id, tutor, phone, conversationId };
}

async function readyExport(user: TestUser) {
  return eventually(async () => {
    const status = await expectOk(callApi('getDataExport', { token: user.accessToken }), 'status');
    return status.export?.status === 'ready' ? status.export : null;
  }, 30_000);
}

describe('privacy: export', () => {
  it('holds every item of the household and its files, and nothing of another household; a second click starts no second job', async () => {
    const [mine, theirs] = await Promise.all([household(), household()]);
    const first = await expectOk(callApi('requestDataExport', { token: mine.parent.accessToken }), 'export');
    expect(first.export?.status).toBe('running');
    expect(first.message).toBe('We are preparing your data. This page shows the download when it is ready.');
    const again = await expectOk(callApi('requestDataExport', { token: mine.parent.accessToken }), 'export again');
    expect(again.message).toBe('Your data is already being prepared.');
    expect(again.export?.requestedAt).toBe(first.export?.requestedAt);

    const ready = await readyExport(mine.parent);
    expect(Date.parse(ready.linkExpiresAt!) - Date.parse(ready.readyAt!)).toBe(7 * 24 * 3600 * 1000);
    const archive = await (await fetch(ready.downloadUrl!)).json() as Record<string, unknown> & { about: { sections: Record<string, string> }; files: Array<{ key: string; url: string }> };
    expect(archive.about.sections.household).toContain('children');

    const exported = Object.entries(archive).filter(([k]) => k !== 'about' && k !== 'files').flatMap(([, v]) => v as Item[]);
    const exportedKeys = new Set(exported.map((i) => `${i.pk}|${i.sk}`));
    // The export job's own item changes as it finishes; every other item of the walk is in the archive.
    const walk = (await householdWalk(mine.parent.userId));
    expect(walk.length).toBeGreaterThan(8);
    for (const item of walk) expect(exportedKeys, `${item.pk} ${item.sk}`).toContain(`${item.pk}|${item.sk}`);
    for (const learnerId of mine.learners) expect(exportedKeys).toContain(`HOUSEHOLD#${mine.parent.userId}|LEARNER#${learnerId}`);
    expect(exportedKeys).toContain(`BOOKING#${mine.bookingId}|BOOKING`);
    expect(exported.some((i) => i.pk.startsWith('PAYMENT#'))).toBe(true);
    // The newer domains: the verified number and its owner item, the message preferences, the conversation and both sides' messages.
    for (const key of [`USER#${mine.parent.userId}|PHONE`, `PHONE#${mine.phone}|OWNER`, `USER#${mine.parent.userId}|NOTIFY#PREFS`, `CONV#${mine.conversationId}|CONV`, `CONV#${mine.conversationId}|SIDE#family`]) {
      expect(exportedKeys, key).toContain(key);
    }
    expect(exported.filter((i) => i.pk === `CONV#${mine.conversationId}` && i.sk.startsWith('MSG#')).map((i) => i.text).sort())
      .toEqual(['Habari, can you help Amani with fractions?', 'Yes, Tuesdays work for me.']);

    // Nothing of the other household: none of its keys, ids or names.
    const text = JSON.stringify(archive);
    expect(text).not.toContain(theirs.parent.userId);
    expect(text).not.toContain(theirs.parent.email);
    for (const learnerId of theirs.learners) expect(text).not.toContain(learnerId);
    expect(text).not.toContain(theirs.bookingId);

    // Files: the photo and the staged upload, each with a link that works.
    expect(archive.files.map((f) => f.key).sort()).toEqual([`public/profile-photos/${mine.parent.userId}/photo.png`, `staging/profile-photo/${mine.parent.userId}/1_photo.png`]);
    expect((await fetch(archive.files[0]!.url)).status).toBe(200);
  });

  it('is for signed-in users only, and at most 3 a day', async () => {
    expect((await callApi('requestDataExport', {})).status).toBe(401);
    const student = await createUser('student');
    for (let i = 0; i < 3; i++) {
      await expectOk(callApi('requestDataExport', { token: student.accessToken }), `export ${i}`);
      await readyExport(student);
    }
    const fourth = await callApi('requestDataExport', { token: student.accessToken });
    expect(fourth.status).toBe(429);
  });
});

describe('privacy: deletion', () => {
  it('deletes a learner, then the account: no personal item or file is left, the sign-in is gone, money records stay pseudonymised, and a second run changes nothing', async () => {
    const { parent, learners, bookingId, tutor, phone, conversationId } = await household();
    const other = await household();

    // A lesson still to come: the account cannot go yet, and the answer says what to do.
    const refused = await callApi('deleteMyAccount', { token: parent.accessToken, body: { confirmation: 'DELETE', password: parent.password } });
    expect(refused.status).toBe(422);
    expect(refused.error?.message).toMatch(/lesson booked in the future\. Cancel it/);
    const wrongWord = await callApi('deleteMyAccount', { token: parent.accessToken, body: { confirmation: 'yes', password: parent.password } });
    expect(wrongWord.status).toBe(400);
    const wrongPassword = await callApi('deleteMyAccount', { token: parent.accessToken, body: { confirmation: 'DELETE', password: 'not-the-password' } });
    expect(wrongPassword.status).toBe(403);

    // A child: another parent cannot, the parent can.
    expect((await callApi('deleteLearnerData', { token: other.parent.accessToken, body: { learnerId: learners[0]! } })).status).toBe(404);
    await expectOk(callApi('deleteLearnerData', { token: parent.accessToken, body: { learnerId: learners[0]! } }), 'delete learner');
    await eventually(async () => !(await getItem(`PRIVACY#${parent.userId}`, `DELETION#${learners[0]}`)));
    expect(await getItem(`HOUSEHOLD#${parent.userId}`, `LEARNER#${learners[0]}`)).toBeUndefined();
    expect(await getItem(`HOUSEHOLD#${parent.userId}`, `LEARNER#${learners[1]}`)).toBeDefined();
    expect(await getItem(`PRIVACYAUDIT#learner-${learners[0]}`, 'AUDIT')).toMatchObject({ kind: 'learner_deleted', actorId: parent.userId, learnerId: learners[0] });

    // The lesson has taken place: now the account may go.
    await moveLesson(bookingId, new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString());
    await expectOk(callApi('requestDataExport', { token: parent.accessToken }), 'export before deleting');
    await readyExport(parent);
    const started = await expectOk(callApi('deleteMyAccount', { token: parent.accessToken, body: { confirmation: 'delete', password: parent.password } }), 'delete account');
    expect(started.message).toBe('Deletion started. It is finished within a few minutes.');
    await eventually(async () => !(await getItem(`PRIVACY#${parent.userId}`, 'DELETION#ACCOUNT')), 30_000);

    const left = await householdWalk(parent.userId);
    const personal = ['email', 'phone', 'firstName', 'lastName', 'studentName', 'learnerName', 'name'];
    for (const item of left) {
      expect(item.pk.startsWith(`USER#`) || item.pk.startsWith('HOUSEHOLD#') || item.pk.startsWith('PROGRESS#'), `${item.pk} ${item.sk}`).toBe(false);
      for (const attribute of personal) {
        if (item[attribute] !== undefined) expect(item[attribute], `${item.pk} ${item.sk} ${attribute}`).toMatch(/^Deleted (user|learner)$/);
      }
    }
    expect(JSON.stringify(left)).not.toContain(parent.email);
    // Money records stay: the booking, its payment and transaction, with their ids and amounts.
    const booking = left.find((i) => i.pk === `BOOKING#${bookingId}`);
    expect(booking).toMatchObject({ studentId: parent.userId, tutorId: tutor.userId, paymentStatus: 'paid' });
    expect(left.some((i) => i.pk.startsWith('TXN#'))).toBe(true);
    // Files: none of the household's, the export archive included; the other household's stay.
    for (const prefix of [`public/profile-photos/${parent.userId}/`, `staging/profile-photo/${parent.userId}/`, `privacy-exports/${parent.userId}/`]) {
      expect(await objectsUnder(prefix), prefix).toEqual([]);
    }
    expect(await objectsUnder(`public/profile-photos/${other.parent.userId}/`)).toHaveLength(1);
    expect(await getItem(`HOUSEHOLD#${other.parent.userId}`, `LEARNER#${other.learners[0]}`)).toBeDefined();
    // The number's owner item is gone: the number is free for another account.
    expect(await getItem(`PHONE#${phone}`, 'OWNER')).toBeUndefined();
    const next = await createUser('student');
    expect(await verifyPhone(next, `0${phone.slice(3)}`)).toBe(phone);
    expect(await getItem(`PHONE#${phone}`, 'OWNER')).toMatchObject({ userId: next.userId });
    // The chat history is gone for both sides; the tutor's conversation names a deleted user and takes no new message.
    const thread = await query(`CONV#${conversationId}`);
    expect(thread.map((i) => i.sk).sort()).toEqual(['CONV', 'SIDE#tutor']);
    expect(JSON.stringify(thread)).not.toMatch(/fractions|Tuesdays/);
    const tutorView = await expectOk(callApi('getConversationThread', { token: tutor.accessToken, params: { conversationId } }), 'tutor thread');
    expect(tutorView.messages).toEqual([]);
    expect(tutorView.conversation).toMatchObject({ family: { name: 'Deleted user' }, unread: 0, blockedByThem: true });
    expect((await callApi('sendConversationMessage', { token: tutor.accessToken, params: { conversationId }, body: { clientId: randomUUID().replaceAll('-', ''), text: 'Hello?' } })).status).toBe(403);
    // The sign-in is gone.
    await expect(signIn(parent.email, parent.password)).rejects.toThrow();
    const audit = await getItem(`PRIVACYAUDIT#account-${parent.userId}`, 'AUDIT');
    expect(audit).toMatchObject({ kind: 'account_deleted', actorId: parent.userId, detail: expect.objectContaining({ signIn: 'deleted', learners: 1 }) });
    expect((audit!.detail as Record<string, number>).itemsDeleted).toBeGreaterThan(3);

    // A second delivery of either job finds nothing to do and changes nothing.
    useStackEnvironment();
    const before = JSON.stringify(await householdWalk(parent.userId));
    await runAccountDeletion(parent.userId);
    await runLearnerDeletion(parent.userId, learners[0]!);
    expect(JSON.stringify(await householdWalk(parent.userId))).toBe(before);
    expect(await getItem(`PRIVACYAUDIT#account-${parent.userId}`, 'AUDIT')).toEqual(audit);
  });
});

describe('privacy: conversations and sign-ups waiting for a parent', () => {
  it('a tutor deleting their account removes their conversations\' messages; the family reads "Deleted user" and cannot write on', async () => {
    const [tutor, family] = await Promise.all([bookableTutor(), createUser('student')]);
    const conversationId = await conversation(family, tutor);
    await waitUntilDone(`kyc-approved#${tutor.userId}`); // the approval's e-mail went before the account goes
    await expectOk(callApi('deleteMyAccount', { token: tutor.accessToken, body: { confirmation: 'DELETE', password: tutor.password } }), 'delete tutor');
    await eventually(async () => !(await getItem(`PRIVACY#${tutor.userId}`, 'DELETION#ACCOUNT')), 30_000);
    expect((await query(`CONV#${conversationId}`)).map((i) => i.sk).sort()).toEqual(['CONV', 'SIDE#family']);
    expect(await query(`INBOX#${tutor.userId}`)).toEqual([]);
    const view = await expectOk(callApi('getConversationThread', { token: family.accessToken, params: { conversationId } }), 'family thread');
    expect(view.messages).toEqual([]);
    expect(view.conversation).toMatchObject({ tutor: { name: 'Deleted user' }, unread: 0, blockedByThem: true });
    const inbox = await expectOk(callApi('listInboxConversations', { token: family.accessToken }), 'list');
    expect(inbox.conversations.map((c) => [c.id, c.tutor.name, c.preview])).toEqual([[conversationId, 'Deleted user', undefined]]);
  });

  it('an under-18 sign-up waiting for approval: the export holds the request to the parent and its link; deletion removes both', async () => {
    const email = uniqueEmail('minor');
    const parentEmail = uniqueEmail('mum');
    const password = 'secret-pass-1';
    const signedUp = await expectOk(callApi('signUp', {
      body: { accountType: 'student', firstName: 'Baraka', lastName: 'Otieno', email, password, birthYear: nairobiYear(new Date()) - 15, parentEmail },
    }), 'sign-up');
    await cognito().send(new ConfirmSignUpCommand({ ClientId: stack().resources.userPoolClientId, Username: email, ConfirmationCode: '123456' }));
    const minor: TestUser = { email, password, userId: signedUp.userId, ...(await signIn(email, password)) };
    const request = await eventually(async () => { const item = await getItem(`PARENTAPPROVAL#${minor.userId}`, 'PARENTAPPROVAL'); return item?.tokenHash && item; });

    await expectOk(callApi('requestDataExport', { token: minor.accessToken }), 'export');
    const ready = await readyExport(minor);
    const archive = await (await fetch(ready.downloadUrl!)).json() as Record<string, unknown>;
    const exported = Object.entries(archive).filter(([k]) => k !== 'about' && k !== 'files').flatMap(([, v]) => v as Item[]);
    const exportedKeys = new Set(exported.map((i) => `${i.pk}|${i.sk}`));
    for (const item of await householdWalk(minor.userId)) expect(exportedKeys, `${item.pk} ${item.sk}`).toContain(`${item.pk}|${item.sk}`);
    expect(exported.find((i) => i.pk === `PARENTAPPROVAL#${minor.userId}`)).toMatchObject({ status: 'pending', parentEmail });
    expect(exportedKeys).toContain(`APPROVALTOKEN#${String(request.tokenHash)}|APPROVALTOKEN`);

    await expectOk(callApi('deleteMyAccount', { token: minor.accessToken, body: { confirmation: 'DELETE', password } }), 'delete');
    await eventually(async () => !(await getItem(`PRIVACY#${minor.userId}`, 'DELETION#ACCOUNT')), 30_000);
    expect(await getItem(`PARENTAPPROVAL#${minor.userId}`, 'PARENTAPPROVAL')).toBeUndefined();
    expect(await getItem(`APPROVALTOKEN#${String(request.tokenHash)}`, 'APPROVALTOKEN')).toBeUndefined();
    expect(await householdWalk(minor.userId)).toEqual([]);
  });
});

describe('privacy: super admins and households', () => {
  it('finds a household by the parent\'s e-mail and audits every read of a child; others are refused', async () => {
    const { parent, learners, tutor } = await household();
    const forZawadi = await book(parent, tutor.userId, (await freeStarts(tutor.userId))[0]!, 60, { learnerId: learners[1] });
    expect(forZawadi.status).toBe(201);
    const admin = await signInDemoAdmin();
    const found = await expectOk(callApi('adminFindHousehold', { token: admin.accessToken, query: { email: parent.email.toUpperCase() } }), 'find');
    expect(found.parent).toMatchObject({ id: parent.userId, email: parent.email });
    expect(found.learners.map((l) => l.firstName).sort()).toEqual(['Amani', 'Zawadi']);
    // Each child with the parent's consent record and the lessons booked for them.
    const byName = Object.fromEntries(found.learners.map((l) => [l.firstName, l]));
    expect(byName.Zawadi!.bookings).toBe(1);
    expect(byName.Amani!.bookings).toBe(0);
    for (const [i, name] of ['Amani', 'Zawadi'].entries()) {
      expect(byName[name]!.consents).toEqual([expect.objectContaining({ learnerId: learners[i], parentId: parent.userId, method: 'added-by-parent', policyVersion: 'v1' })]);
    }
    const read = await expectOk(callApi('adminReadLearner', { token: admin.accessToken, params: { parentId: parent.userId, learnerId: learners[1]! } }), 'read');
    expect(read.learner).toMatchObject({ id: learners[1], firstName: 'Zawadi', grade: '844-form-4' });
    const audits = await expectOk(callApi('adminPrivacyAudit', { token: admin.accessToken }), 'audit');
    const adminId = (await expectOk(callApi('getMe', { token: admin.accessToken }), 'me')).profile.id;
    expect(audits.entries).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'admin_read_learner', actorId: adminId, subjectUserId: parent.userId, learnerId: learners[1] }),
      expect.objectContaining({ kind: 'admin_read_household', actorId: adminId, subjectUserId: parent.userId, subjectName: 'Test User' }),
    ]));
    expect(audits.entries.find((e) => e.actorId === adminId)?.actorName).toBeTruthy();
    expect((await callApi('adminReadLearner', { token: admin.accessToken, params: { parentId: parent.userId, learnerId: randomUUID() } })).status).toBe(404);
    expect((await callApi('adminFindHousehold', { token: admin.accessToken, query: { email: 'nobody-here@example.com' } })).status).toBe(404);
    for (const call of [
      callApi('adminFindHousehold', { token: parent.accessToken, query: { email: parent.email } }),
      callApi('adminReadLearner', { token: parent.accessToken, params: { parentId: parent.userId, learnerId: learners[0]! } }),
      callApi('adminPrivacyAudit', { token: parent.accessToken }),
    ]) expect((await call).status).toBe(403);
  });
});
