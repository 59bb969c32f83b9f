import { DeleteObjectCommand, GetObjectTaggingCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { kycMessages } from '../../functions/kyc/catalog.js';
import { RETENTION_TAG } from '../../functions/uploads/rules.js';
import { api, createUser, sentEmails, signInDemoAdmin, stack, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, setAttributes, waitUntilDone } from '../support/fixtures.js';
import { countersSettled, platformCounters } from '../support/stats.js';
import { enrolledSuperAdmin } from '../support/admin-grant.js';
import { EXE, exists, PDF, PNG, policyOf, postUpload, putDirect, s3, type Ticket } from '../support/uploads.js';
import { inspectUpload } from '../../functions/uploads/storage.js';
import { useStackEnvironment } from '../support/jobs.js';

const admin = signInDemoAdmin;

const ticket = (t: TestUser, file = { fileName: 'national id.png', contentType: 'image/png', size: PNG.length }) =>
  api<Ticket>('/api/kyc/uploads', { method: 'POST', token: t.accessToken, body: file });

async function submit(t: TestUser, documentType: string, bytes = PNG, type = 'image/png', extra: Record<string, unknown> = {}) {
  const { body: tk } = await ticket(t, { fileName: type === 'application/pdf' ? 'degree.pdf' : 'id.png', contentType: type, size: bytes.length });
  expect((await postUpload(tk, new Uint8Array(bytes), type)).status).toBeLessThan(300);
  return api('/api/kyc/documents', { method: 'POST', token: t.accessToken, body: { documentType, key: tk.key, ...extra } });
}

const counters = platformCounters;

describe('KYC uploads', () => {
  it('issues a presigned POST limited to 10 MB and the declared type, under the tutor\'s own prefix', async () => {
    const tutor = await createUser('tutor');
    const res = await ticket(tutor);
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(new RegExp(`^staging/kyc-document/${tutor.userId}/\\d+_national-id\\.png$`));
    const { conditions, expiration } = policyOf(res.body);
    expect(conditions).toEqual(expect.arrayContaining([
      ['content-length-range', 1, 10 * 1024 * 1024],
      ['eq', '$Content-Type', 'image/png'],
      { key: res.body.key },
    ]));
    expect(Date.parse(expiration) - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it('refuses files the spec forbids before issuing a ticket', async () => {
    const tutor = await createUser('tutor');
    const bad = async (file: { fileName: string; contentType: string; size: number }) => (await ticket(tutor, file)).body as unknown as { error: { message: string } };
    // A wrong type is answered with what to choose instead, in plain words, in the reader's language.
    expect((await bad({ fileName: 'notes.txt', contentType: 'text/plain', size: 10 })).error.message)
      .toBe('That file type can\'t be used here. Choose a PDF, JPG or PNG file.');
    const inSwahili = await api<{ error: { message: string } }>('/api/kyc/uploads', {
      method: 'POST', token: tutor.accessToken, body: { fileName: 'cv.docx', contentType: 'application/msword', size: 10 }, headers: { 'accept-language': 'sw' },
    });
    expect(inSwahili.body.error.message).toBe('Aina hiyo ya faili haiwezi kutumika hapa. Chagua faili ya PDF, JPG au PNG.');
    expect((await bad({ fileName: 'id.png', contentType: 'image/png', size: 11 * 1024 * 1024 })).error.message).toBe('File size must be less than 10MB');
    expect((await bad({ fileName: 'id.exe.png', contentType: 'image/png', size: 10 })).error.message).toBe('File type not allowed for security reasons');
    const student = await createUser('student');
    expect((await ticket(student)).status).toBe(403);
  });

  it('checks the stored file: a disguised executable or an oversized object is refused and deleted', async () => {
    const tutor = await createUser('tutor');
    const disguised = await submit(tutor, 'id_card', EXE, 'image/png');
    expect(disguised.status).toBe(400);
    expect(disguised.body.error.message).toBe('File type not allowed for security reasons');

    const { body: tk } = await ticket(tutor);
    await putDirect(tk.key, new Uint8Array(10 * 1024 * 1024 + 1), 'image/png'); // bypasses the POST policy
    const big = await api('/api/kyc/documents', { method: 'POST', token: tutor.accessToken, body: { documentType: 'id_card', key: tk.key } });
    expect(big.status).toBe(400);
    expect(big.body.error.message).toBe('File size must be less than 10MB');
    expect(await exists(tk.key)).toBe(false);
    expect((await api('/api/kyc/documents', { token: tutor.accessToken })).body.documents).toEqual([]);
  });

  it("refuses to register another tutor's upload", async () => {
    const [owner, thief] = [await createUser('tutor'), await createUser('tutor')];
    const { body: tk } = await ticket(owner);
    await postUpload(tk, new Uint8Array(PNG), 'image/png');
    const res = await api('/api/kyc/documents', { method: 'POST', token: thief.accessToken, body: { documentType: 'id_card', key: tk.key } });
    expect(res.status).toBe(403);
    expect(await exists(tk.key)).toBe(true);
  });

  it('needs the qualification type for academic qualifications', async () => {
    const tutor = await createUser('tutor');
    const res = await submit(tutor, 'academic_qualification', PDF, 'application/pdf');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(kycMessages.qualificationTypeRequired);
    const ok = await submit(tutor, 'academic_qualification', PDF, 'application/pdf', { academicQualificationType: "Bachelor's Degree" });
    expect(ok.status).toBe(201);
    expect(ok.body.document).toMatchObject({ status: 'pending', contentType: 'application/pdf', academicQualificationType: "Bachelor's Degree" });
  });

  it('keeps files private: only 3600 s signed links, for the owner and super admins', async () => {
    const tutor = await createUser('tutor');
    const { document } = (await submit(tutor, 'passport')).body;
    const url = new URL(document.fileUrl);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    const file = await fetch(document.fileUrl);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    // Not under public/, so the app origin never serves it.
    const key = decodeURIComponent(url.pathname).split('/').slice(2).join('/');
    expect(key).toMatch(new RegExp(`^kyc/${tutor.userId}/`));
    expect((await fetch(`${(await import('../support/api.js')).baseUrl()}/public/../${key}`)).status).toBe(404);
    const { accessToken } = await admin();
    const link = await api(`/api/admin/kyc/documents/${document.id}/file`, { token: accessToken });
    expect(link.body).toMatchObject({ expiresIn: 3600, contentType: 'image/png' });
    const other = await createUser('tutor');
    expect((await api(`/api/admin/kyc/documents/${document.id}/file`, { token: other.accessToken })).status).toBe(403);
  });
});

describe('registering one upload', () => {
  it('a file removed between the check\'s two reads (a repeat finished first) reads as missing, never as a failure', async () => {
    useStackEnvironment();
    const key = `staging/race/${Date.now()}-id.png`;
    const outcomes = await Promise.all(Array.from({ length: 25 }, async (_, i) => {
      await putDirect(`${key}-${i}`, PNG, 'image/png');
      // The delete lands before, between or after inspectUpload's HEAD and ranged GET.
      const [inspected] = await Promise.all([
        inspectUpload(`${key}-${i}`).then((found) => (found ? 'found' : 'missing'), (error: Error) => `failed: ${error.name}`),
        new Promise((resolve) => setTimeout(resolve, i % 5)).then(() =>
          s3().send(new DeleteObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: `${key}-${i}` }))),
      ]);
      return inspected;
    }));
    expect(outcomes.filter((o) => o.startsWith('failed'))).toEqual([]);
  });

  it('is idempotent: simultaneous and repeated registrations of the same file make one pending document', async () => {
    const tutor = await createUser('tutor');
    const before = await counters();
    const { body: tk } = await ticket(tutor, { fileName: 'id.png', contentType: 'image/png', size: PNG.length });
    expect((await postUpload(tk, new Uint8Array(PNG), 'image/png')).status).toBeLessThan(300);
    const register = () => api('/api/kyc/documents', { method: 'POST', token: tutor.accessToken, body: { documentType: 'id_card', key: tk.key } });

    const results = await Promise.all(Array.from({ length: 6 }, register));
    expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const ids = new Set(results.map((r) => r.body.document.id));
    expect(ids.size).toBe(1);
    // A retry after the file has moved answers with the same document.
    const retry = await register();
    expect(retry.status).toBe(200);
    expect(retry.body.document).toMatchObject({ id: [...ids][0], status: 'pending', documentType: 'id_card' });

    const mine = (await api('/api/kyc/documents', { token: tutor.accessToken })).body.documents;
    expect(mine).toHaveLength(1);
    expect(((await counters()).pendingKyc as number) - ((before.pendingKyc as number) ?? 0)).toBe(1);
  });
});

describe('KYC review', () => {
  it('needs a reason to reject', async () => {
    const { accessToken } = await admin();
    const tutor = await createUser('tutor');
    const doc = (await submit(tutor, 'passport')).body.document;
    for (const body of [{ decision: 'reject' }, { decision: 'reject', notes: '' }, { decision: 'reject', notes: '   ' }]) {
      const res = await api(`/api/admin/kyc/documents/${doc.id}/review`, { method: 'POST', token: accessToken, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', message: kycMessages.rejectionNeedsReason });
      expect(res.body.error.details.fields).toEqual([{ path: 'notes', message: kycMessages.rejectionNeedsReason }]);
    }
    expect((await api('/api/kyc/documents', { token: tutor.accessToken })).body.documents[0].status).toBe('pending');
  });


  it('is for super admins only', async () => {
    const student = await createUser('student');
    const tutor = await createUser('tutor');
    for (const t of [student, tutor]) {
      expect((await api('/api/admin/kyc/pending', { token: t.accessToken })).status).toBe(403);
      expect((await api('/api/admin/kyc/documents/x/review', { method: 'POST', token: t.accessToken, body: { decision: 'approve' } })).status).toBe(403);
      expect((await api('/api/admin/stats', { token: t.accessToken })).status).toBe(403);
      expect((await api('/api/admin/users', { token: t.accessToken })).status).toBe(403);
      expect((await api('/api/admin/transactions', { token: t.accessToken })).status).toBe(403);
    }
  });

  it('verifies the tutor only when the last pending document is approved, once, and makes them bookable', async () => {
    const { accessToken } = await admin();
    const tutor = await bookableTutor({ verified: false });
    const before = await counters();
    const idCard = (await submit(tutor, 'id_card')).body.document;
    const degree = (await submit(tutor, 'degree', PDF, 'application/pdf')).body.document;
    expect(((await counters()).pendingKyc as number) - ((before.pendingKyc as number) ?? 0)).toBe(2);

    const pending = (await api('/api/admin/kyc/pending', { token: accessToken })).body.documents as Array<{ id: string; tutor: { id: string; firstName: string; email?: string } }>;
    const mine = pending.filter((d) => d.tutor.id === tutor.userId);
    expect(mine.map((d) => d.id)).toEqual([degree.id, idCard.id]); // newest first
    // The reviewer tells the tutor by name and e-mail (not an id).
    expect(mine[0]!.tutor).toMatchObject({ firstName: 'Test', email: tutor.email });

    const first = await api(`/api/admin/kyc/documents/${idCard.id}/review`, { method: 'POST', token: accessToken, body: { decision: 'approve' } });
    expect(first.body).toMatchObject({ tutorKycStatus: 'pending', message: kycMessages.approved, document: { status: 'approved' } });
    expect((await api('/api/me', { token: tutor.accessToken })).body.profile.kycStatus).toBe('pending');
    const [start] = await freeStarts(tutor.userId);
    const student = await createUser('student');
    expect((await book(student, tutor.userId, start!)).status).toBe(422);

    const last = await api(`/api/admin/kyc/documents/${degree.id}/review`, { method: 'POST', token: accessToken, body: { decision: 'approve', notes: 'BSc checked' } });
    expect(last.body.tutorKycStatus).toBe('approved');
    expect((await api('/api/me', { token: tutor.accessToken })).body.profile.kycStatus).toBe('approved');
    expect((await api(`/api/tutors/${tutor.userId}`)).body.verified).toBe(true);
    expect((await book(student, tutor.userId, start!)).status).toBe(201);

    // KycApproved reached its consumer exactly once: one e-mail to the tutor.
    await waitUntilDone(`kyc-approved#${tutor.userId}`);
    const mails = (await sentEmails()).filter((e) => e.destinations.ToAddresses.includes(tutor.email) && e.subject.startsWith('You are verified'));
    expect(mails).toHaveLength(1);

    expect(((await counters()).pendingKyc as number) - ((before.pendingKyc as number) ?? 0)).toBe(0);
    const again = await api(`/api/admin/kyc/documents/${degree.id}/review`, { method: 'POST', token: accessToken, body: { decision: 'reject', notes: 'Too late' } });
    expect(again.status).toBe(409);
    const audit = await getItem(`KYCDOC#${degree.id}`, `AUDIT#${last.body.document.reviewedAt}`);
    expect(audit).toMatchObject({ decision: 'approved', notes: 'BSc checked', reviewerId: expect.any(String) });
  });

  it('rejection shows the notes to the tutor and leaves the profile as it was', async () => {
    const { accessToken } = await admin();
    const tutor = await createUser('tutor');
    const doc = (await submit(tutor, 'passport')).body.document;
    const res = await api(`/api/admin/kyc/documents/${doc.id}/review`, {
      method: 'POST', token: accessToken, body: { decision: 'reject', notes: 'The photo page is blurred; please upload a sharper scan.' },
    });
    expect(res.body).toMatchObject({ tutorKycStatus: 'pending', message: kycMessages.rejected });
    const mine = (await api('/api/kyc/documents', { token: tutor.accessToken })).body;
    expect(mine.documents[0]).toMatchObject({ status: 'rejected', notes: 'The photo page is blurred; please upload a sharper scan.' });
    expect(mine.kycStatus).toBe('pending');
  });
});

describe('KYC document retention', () => {
  const tagsOf = async (key: string) => (await s3().send(new GetObjectTaggingCommand({ Bucket: stack().resources.uploadsBucket, Key: key }))).TagSet ?? [];

  it('a review rewrites the file with the retention tag (its lifecycle rule deletes it 90 days later); the decision stays', async () => {
    const { accessToken } = await admin();
    const tutor = await createUser('tutor');
    const doc = (await submit(tutor, 'passport')).body.document;
    const { storageKey } = (await getItem(`KYCDOC#${doc.id}`, 'KYCDOC')) as { storageKey: string };
    expect(await tagsOf(storageKey)).toEqual([]);
    const before = await s3().send(new HeadObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: storageKey }));

    const res = await api(`/api/admin/kyc/documents/${doc.id}/review`, { method: 'POST', token: accessToken, body: { decision: 'reject', notes: 'Expired passport' } });
    expect(res.status).toBe(200);

    expect(await tagsOf(storageKey)).toEqual([{ Key: RETENTION_TAG.key, Value: RETENTION_TAG.reviewedKyc }]);
    const after = await s3().send(new HeadObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: storageKey }));
    // The same file and type, rewritten at the review (the rule's days count from the rewrite).
    expect(after.ContentLength).toBe(before.ContentLength);
    expect(after.ContentType).toBe(before.ContentType);
    expect(after.Metadata?.['retained-from']).toBe(res.body.document.reviewedAt);
    const audit = await getItem(`KYCDOC#${doc.id}`, `AUDIT#${res.body.document.reviewedAt}`);
    expect(audit).toMatchObject({ decision: 'rejected', notes: 'Expired passport' });
  });

  it('a pending document is not tagged, and a second review neither reviews nor tags again', async () => {
    const { accessToken } = await admin();
    const tutor = await createUser('tutor');
    const pending = (await submit(tutor, 'id_card')).body.document;
    const reviewed = (await submit(tutor, 'degree', PDF, 'application/pdf')).body.document;
    await api(`/api/admin/kyc/documents/${reviewed.id}/review`, { method: 'POST', token: accessToken, body: { decision: 'approve' } });
    const pendingKey = ((await getItem(`KYCDOC#${pending.id}`, 'KYCDOC')) as { storageKey: string }).storageKey;
    expect(await tagsOf(pendingKey)).toEqual([]);
    const reviewedKey = ((await getItem(`KYCDOC#${reviewed.id}`, 'KYCDOC')) as { storageKey: string }).storageKey;
    const stamped = (await s3().send(new HeadObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: reviewedKey }))).Metadata?.['retained-from'];
    const again = await api(`/api/admin/kyc/documents/${reviewed.id}/review`, { method: 'POST', token: accessToken, body: { decision: 'reject', notes: 'Again' } });
    expect(again.status).toBe(409);
    expect((await s3().send(new HeadObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: reviewedKey }))).Metadata?.['retained-from']).toBe(stamped);
  });

  it('past its retention the file is no longer offered: the tutor\'s list says when it was deleted, the file link answers 410 (EN and SW), the decision stays', async () => {
    const { accessToken } = await admin();
    const tutor = await createUser('tutor');
    const doc = (await submit(tutor, 'passport')).body.document;
    expect((await api(`/api/admin/kyc/documents/${doc.id}/review`, { method: 'POST', token: accessToken, body: { decision: 'approve' } })).status).toBe(200);
    // Reviewed 91 days ago: the lifecycle rule (90 days) has deleted the file.
    const reviewedAt = new Date(Date.now() - 91 * 86_400_000).toISOString();
    await setAttributes(`KYCDOC#${doc.id}`, 'KYCDOC', { reviewedAt });
    const deletedAt = new Date(Date.parse(reviewedAt) + 90 * 86_400_000).toISOString();

    const mine = await api(`/api/kyc/documents`, { token: tutor.accessToken });
    const listed = mine.body.documents.find((d: { id: string }) => d.id === doc.id);
    expect(listed).toMatchObject({ status: 'approved', reviewedAt, fileDeletedAt: deletedAt });
    expect(listed.fileUrl).toBeUndefined();

    const file = await api(`/api/admin/kyc/documents/${doc.id}/file`, { token: accessToken });
    expect(file.status).toBe(410);
    expect(file.body.error).toMatchObject({ code: 'file_deleted', message: kycMessages.fileDeleted, details: { reviewedAt, fileDeletedAt: deletedAt } });
    expect(file.body.url).toBeUndefined();
    const inSw = await api(`/api/admin/kyc/documents/${doc.id}/file`, { token: accessToken, headers: { 'accept-language': 'sw' } });
    expect(inSw.body.error.message).toBe('Faili la hati hii lilifutwa baada ya kukaguliwa: hati za utambulisho huhifadhiwa kwa muda maalum tu. Uamuzi umehifadhiwa.');
  });

  it('a file no longer in the bucket answers 410, not a link to S3\'s 404 page', async () => {
    const { accessToken } = await admin();
    const tutor = await createUser('tutor');
    const doc = (await submit(tutor, 'id_card')).body.document;
    expect((await api(`/api/admin/kyc/documents/${doc.id}/review`, { method: 'POST', token: accessToken, body: { decision: 'reject', notes: 'Blurred photo' } })).status).toBe(200);
    expect((await api(`/api/admin/kyc/documents/${doc.id}/file`, { token: accessToken })).status).toBe(200);
    const { storageKey } = (await getItem(`KYCDOC#${doc.id}`, 'KYCDOC')) as { storageKey: string };
    await s3().send(new DeleteObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: storageKey }));
    const file = await api(`/api/admin/kyc/documents/${doc.id}/file`, { token: accessToken });
    expect(file.status).toBe(410);
    expect(file.body.error.code).toBe('file_deleted');
    // The decision and its notes stay with the tutor.
    const mine = await api(`/api/kyc/documents`, { token: tutor.accessToken });
    expect(mine.body.documents.find((d: { id: string }) => d.id === doc.id)).toMatchObject({ status: 'rejected', notes: 'Blurred photo' });
  });
});

describe('admin dashboards', () => {
  it('shows real counters, the newest users, transactions and weekly figures', async () => {
    const { accessToken } = await admin();
    // Sign-ups are counted by the platform-stats consumer: start from a moment it has caught up.
    await countersSettled();
    const stats = (await api('/api/admin/stats', { token: accessToken })).body;
    expect(stats.totalUsers).toBeGreaterThanOrEqual(33); // seeded accounts at least
    expect(stats.totalTutors).toBeGreaterThanOrEqual(31);
    expect(stats.weekly).toHaveLength(8);
    expect(stats.weekly.at(-1).signUps).toBeGreaterThan(0);

    const fresh = await createUser('admin', { firstName: 'Newest' });
    const users = (await api('/api/admin/users', { token: accessToken })).body;
    expect(users.users).toHaveLength(10);
    expect(users.users[0]).toMatchObject({ id: fresh.userId, firstName: 'Newest', role: 'student', adminRequest: 'pending' });
    expect(users.adminRequests.map((u: { id: string }) => u.id)).toContain(fresh.userId);
    await countersSettled();
    const after = (await api('/api/admin/stats', { token: accessToken })).body;
    expect(after.totalUsers).toBe(stats.totalUsers + 1);
    expect(after.totalStudents).toBe(stats.totalStudents + 1);

    const granted = await api(`/api/admin/users/${fresh.userId}/grant-super-admin`, { method: 'POST', token: accessToken });
    expect(granted.body.enrolment.code).toEqual(expect.any(String));
    await enrolledSuperAdmin(fresh);
    const later = (await api('/api/admin/users', { token: accessToken })).body;
    expect(later.adminRequests.map((u: { id: string }) => u.id)).not.toContain(fresh.userId);

    const tx = (await api('/api/admin/transactions', { token: accessToken })).body;
    expect(Array.isArray(tx.transactions)).toBe(true);
    expect(tx.transactions.length).toBeLessThanOrEqual(5);
  });
});
