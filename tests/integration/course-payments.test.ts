/**
 * Paying for a course against the emulators and the Paystack sandbox over HTTP: the
 * amount comes from the course; the enrolment exists only once the payment is confirmed, once
 * per reference, however webhook and verify interleave; the course counts its revenue; lesson
 * files open only through signed links after the paid enrolment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '../../functions/bookings/contract.js';
import { courseMessages } from '../../functions/courses/catalog.js';
import { callApi, createUser, eventually, expectOk, sentEmails, signInDemoAdmin, type TestUser } from '../support/api.js';
import { getItem, paidCourse, paystackWebhook, postWebhook, waitUntilDone } from '../support/fixtures.js';
import { PDF } from '../support/uploads.js';

let tutor: TestUser;
beforeAll(async () => {
  ({ tutor } = await paidCourse());
}, 60_000);

const pay = (student: TestUser, courseId: string) => callApi('payForCourse', { token: student.accessToken, params: { courseId } });
const verify = (student: TestUser, reference: string) => callApi('verifyPayment', { token: student.accessToken, body: { reference } });
const enrolment = (courseId: string, studentId: string) => getItem(`COURSE#${courseId}`, `ENROL#${studentId}`);
const stored = async (courseId: string) => (await getItem(`COURSE#${courseId}`, 'COURSE'))!;
/** The course once its consumer has counted the paid enrolment (outside the payment's transaction). */
const counted = (courseId: string) => eventually(async () => { const course = await stored(courseId); return course.enrolledCount === 1 && course; }, 15_000);

/** Pays in the sandbox's checkout as a payer would (its charge.success webhook goes out before the redirect). */
async function checkout(authorizationUrl: string, outcome: 'success' | 'failed' = 'success') {
  const res = await fetch(authorizationUrl, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ channel: 'mobile_money', outcome }).toString(),
  });
  return res.headers.get('location') ?? '';
}

describe('POST /api/courses/{courseId}/payment', () => {
  it('charges the course\'s own price and records a course attempt; nothing is enrolled yet', async () => {
    const { course } = await paidCourse({ tutor, price: 2499.5 });
    const student = await createUser('student');
    const { reference, authorizationUrl } = await expectOk(pay(student, course.id), 'pay');
    expect(await (await fetch(authorizationUrl)).text()).toContain('KES 2,499.50');
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({
      purpose: 'course', courseId: course.id, studentId: student.userId, tutorId: tutor.userId, amountMinor: 249_950, status: 'initialized',
    });
    expect(await enrolment(course.id, student.userId)).toBeUndefined();
    const learn = await callApi('learnCourse', { token: student.accessToken, params: { courseId: course.id } });
    expect(learn.status).toBe(403);
  });

  it('refuses a free course, an unknown or draft course, one\'s own course and a second enrolment, with their texts', async () => {
    const student = await createUser('student');
    const token = tutor.accessToken;
    const free = await expectOk(callApi('createCourse', {
      token, body: { title: 'Free intro', subject: 'Biology', level: 'primary', category: 'Skills', durationWeeks: 1, price: null },
    }), 'free');
    expect((await pay(student, free.course.id)).status).toBe(404);
    await expectOk(callApi('addCourseLesson', { token, params: { courseId: free.course.id }, body: { title: 'Cells' } }), 'lesson');
    await expectOk(callApi('publishCourse', { token, params: { courseId: free.course.id } }), 'publish');
    const freePay = await pay(student, free.course.id);
    expect([freePay.status, freePay.error?.message]).toEqual([422, courseMessages.freeCourse]);
    expect((await pay(tutor, free.course.id)).status).toBe(403);

    const { course } = await paidCourse({ tutor });
    const { reference } = await expectOk(pay(student, course.id), 'pay');
    const hook = paystackWebhook({ reference, amount: 150_000 });
    expect((await postWebhook(hook.body, hook.signature)).body?.outcome).toBe('confirmed');
    const again = await pay(student, course.id);
    expect([again.status, again.error?.message]).toEqual([409, courseMessages.alreadyEnrolled]);
    const enrol = await callApi('enrolInCourse', { token: student.accessToken, params: { courseId: course.id } });
    expect(enrol.status).toBe(200);
  });
});

describe('confirming a course payment', () => {
  it('M-Pesa checkout enrols the student once, counts the course\'s revenue, opens the lesson file, e-mails the student', async () => {
    const { course } = await paidCourse({ tutor, title: 'Paid through M-Pesa' });
    const student = await createUser('student');
    const params = { courseId: course.id };
    const before = await callApi('learnCourse', { token: student.accessToken, params });
    expect([before.status, before.error?.message]).toEqual([403, courseMessages.notEnrolled]);

    const { reference, authorizationUrl } = await expectOk(pay(student, course.id), 'pay');
    expect(await checkout(authorizationUrl)).toMatch(new RegExp(`/payment-callback\\?trxref=${reference}&reference=${reference}$`));
    const verified = await expectOk(verify(student, reference), 'verify');
    expect(verified).toEqual({
      status: 'success', paymentStatus: 'paid', courseId: course.id, message: paymentMessages.enrolled,
      summary: {
        reference, amountMinor: 150_000, currency: 'KES', tutorId: tutor.userId, tutorName: expect.stringMatching(/\S/), kind: 'course',
        courseTitle: 'Paid through M-Pesa', paidAt: expect.stringMatching(/^\d{4}-/), canPayAgain: false,
      },
    });

    expect(await enrolment(course.id, student.userId)).toMatchObject({ paymentReference: reference });
    expect(await counted(course.id)).toMatchObject({ enrolledCount: 1, revenueMinor: 150_000 });
    expect(await getItem(`TXN#${reference}`, 'TXN')).toMatchObject({ courseId: course.id, amountMinor: 150_000, channel: 'mobile_money' });

    const learn = await expectOk(callApi('learnCourse', { token: student.accessToken, params }), 'learn');
    expect(learn.enrolled).toBe(true);
    const file = await fetch(learn.lessons[0]!.file!.url);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    // The signed link is the only way in: the object's plain address is refused.
    expect((await fetch(learn.lessons[0]!.file!.url.split('?')[0]!)).status).toBeGreaterThanOrEqual(400);

    const mine = await expectOk(callApi('listMyEnrolments', { token: student.accessToken }), 'enrolments');
    expect(mine.enrolments.map((e) => e.course.id)).toContain(course.id);
    const own = await expectOk(callApi('listMyCourses', { token: tutor.accessToken }), 'tutor courses');
    expect(own.courses.find((c) => c.id === course.id)).toMatchObject({ enrolledCount: 1, revenue: 1500 });

    await waitUntilDone(`course-enrolled#${course.id}#${student.userId}`);
    const mails = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(student.email) && m.subject === `You're enrolled in ${course.title}`);
    expect(mails).toHaveLength(1);
  });

  it('a replayed webhook enrols once and counts the money once', async () => {
    const { course } = await paidCourse({ tutor });
    const student = await createUser('student');
    const { reference } = await expectOk(pay(student, course.id), 'pay');
    const hook = paystackWebhook({ reference, amount: 150_000 });
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => postWebhook(hook.body, hook.signature)));
    expect(outcomes.map((o) => o.body?.outcome).sort()).toEqual(['already_confirmed', 'already_confirmed', 'already_confirmed', 'confirmed']);
    expect((await postWebhook(hook.body, hook.signature)).body?.outcome).toBe('already_confirmed');
    expect(await counted(course.id)).toMatchObject({ enrolledCount: 1, revenueMinor: 150_000 });
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({ status: 'success', eventPublished: true });
  });

  it('verify racing the checkout\'s webhook enrols once', async () => {
    const { course } = await paidCourse({ tutor });
    const student = await createUser('student');
    const { reference, authorizationUrl } = await expectOk(pay(student, course.id), 'pay');
    const pollVerify = async () => {
      for (let i = 0; i < 40; i++) {
        const answer = await verify(student, reference);
        if (answer.body && 'status' in answer.body && answer.body.status === 'success') return answer.body;
      }
      throw new Error('never verified');
    };
    const [, ...answers] = await Promise.all([checkout(authorizationUrl), pollVerify(), pollVerify(), pollVerify()]);
    for (const answer of answers) expect(answer).toMatchObject({ status: 'success', courseId: course.id });
    expect(await counted(course.id)).toMatchObject({ enrolledCount: 1, revenueMinor: 150_000 });
  });

  it('a payment of another amount does not enrol', async () => {
    const { course } = await paidCourse({ tutor });
    const student = await createUser('student');
    const { reference } = await expectOk(pay(student, course.id), 'pay');
    const low = paystackWebhook({ reference, amount: 100 });
    expect((await postWebhook(low.body, low.signature)).body?.outcome).toBe('amount_mismatch');
    expect(await enrolment(course.id, student.userId)).toBeUndefined();
    expect(await stored(course.id)).toMatchObject({ enrolledCount: 0 });
    expect(await getItem(`TXN#${reference}`, 'TXN')).toBeUndefined();
    expect((await callApi('learnCourse', { token: student.accessToken, params: { courseId: course.id } })).status).toBe(403);
  });

  it('another student cannot verify your reference, and is not enrolled by it', async () => {
    const { course } = await paidCourse({ tutor });
    const student = await createUser('student');
    const other = await createUser('student');
    const { reference, authorizationUrl } = await expectOk(pay(student, course.id), 'pay');
    await checkout(authorizationUrl);
    expect((await verify(other, reference)).status).toBe(403);
    expect(await enrolment(course.id, other.userId)).toBeUndefined();
    expect((await callApi('learnCourse', { token: other.accessToken, params: { courseId: course.id } })).status).toBe(403);
  });

  it('a second payment after enrolling is kept as a duplicate to refund, not a second enrolment', async () => {
    const { course } = await paidCourse({ tutor });
    const student = await createUser('student');
    const first = await expectOk(pay(student, course.id), 'pay');
    const second = await expectOk(pay(student, course.id), 'pay again before paying');
    for (const { reference } of [first, second]) {
      const hook = paystackWebhook({ reference, amount: 150_000 });
      await postWebhook(hook.body, hook.signature);
    }
    expect(await getItem(`PAYMENT#${second.reference}`, 'PAYMENT')).toMatchObject({ status: 'duplicate' });
    expect(await counted(course.id)).toMatchObject({ enrolledCount: 1, revenueMinor: 150_000 });
  });
});

describe('a parent pays for a course for a child', () => {
  const child = async (parent: TestUser, firstName: string) => (await expectOk(callApi('addLearner', {
    token: parent.accessToken, body: { firstName, lastName: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subjects: [] },
  }), 'add learner')).learner.id;
  const payFor = (parent: TestUser, courseId: string, learnerId: string) =>
    callApi('payForCourse', { token: parent.accessToken, params: { courseId }, query: { learnerId } });

  it('the parent pays once (webhook and verify racing), the chosen child is enrolled and gets the certificate in their name', async () => {
    const { course } = await paidCourse({ tutor, title: 'Chemistry for Zawadi', certificationProgram: true });
    const parent = await createUser('parent', { firstName: 'Wambui' });
    const [zawadi, amani] = [await child(parent, 'Zawadi'), await child(parent, 'Amani')];
    const { reference, authorizationUrl } = await expectOk(payFor(parent, course.id, zawadi), 'pay for a child');
    // The payer is the parent (the ledger and the refund are theirs); the child is named apart.
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({
      purpose: 'course', courseId: course.id, studentId: parent.userId, learnerId: zawadi, amountMinor: 150_000, status: 'initialized',
    });

    const [, ...verified] = await Promise.all([checkout(authorizationUrl), verify(parent, reference), verify(parent, reference)]);
    const final = await expectOk(verify(parent, reference), 'verify');
    expect(final).toMatchObject({ status: 'success', paymentStatus: 'paid', courseId: course.id });
    for (const answer of verified) expect(answer.status).toBe(200);
    expect(await counted(course.id)).toMatchObject({ enrolledCount: 1, revenueMinor: 150_000 });
    expect(await getItem(`TXN#${reference}`, 'TXN')).toMatchObject({ studentId: parent.userId, amountMinor: 150_000 });

    // The enrolment is the child's: not the parent's own, not the other child's.
    expect(await enrolment(course.id, zawadi)).toMatchObject({ paymentReference: reference });
    expect(await enrolment(course.id, parent.userId)).toBeUndefined();
    expect(await enrolment(course.id, amani)).toBeUndefined();
    const again = await payFor(parent, course.id, zawadi);
    expect([again.status, again.error?.message]).toEqual([409, courseMessages.alreadyEnrolled]);
    expect((await callApi('learnCourse', { token: parent.accessToken, params: { courseId: course.id }, query: { learnerId: amani } })).status).toBe(403);

    const params = { courseId: course.id };
    const learn = await expectOk(callApi('learnCourse', { token: parent.accessToken, params, query: { learnerId: zawadi } }), 'learn');
    expect(learn.enrolled).toBe(true);
    for (const lesson of learn.lessons) {
      await expectOk(callApi('markCourseLessonDone', { token: parent.accessToken, params: { ...params, lessonId: lesson.id }, query: { learnerId: zawadi } }), 'done');
    }
    const cert = await eventually(async () =>
      (await expectOk(callApi('listMyCertificates', { token: parent.accessToken, query: { learnerId: zawadi } }), 'certs')).certificates[0], 30_000);
    expect(cert).toMatchObject({ learnerName: 'Zawadi Mwangi', courseTitle: 'Chemistry for Zawadi' });
    expect((await expectOk(callApi('listMyCertificates', { token: parent.accessToken }), 'own certs')).certificates).toEqual([]);

    // The other child can still be bought the same course, under their own attempt.
    const second = await expectOk(payFor(parent, course.id, amani), 'pay for the other child');
    expect(await getItem(`PAYMENT#${second.reference}`, 'PAYMENT')).toMatchObject({ learnerId: amani, studentId: parent.userId });
  });

  it('paying one course for each of two children sends the enrolment e-mail once per child', async () => {
    const { course } = await paidCourse({ tutor });
    const parent = await createUser('parent');
    const children = [await child(parent, 'Neema'), await child(parent, 'Jabali')];
    for (const learnerId of children) {
      const { reference, authorizationUrl } = await expectOk(payFor(parent, course.id, learnerId), 'pay');
      await checkout(authorizationUrl);
      await expectOk(verify(parent, reference), 'verify');
    }
    const mails = await eventually(async () => {
      const sent = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(parent.email) && m.subject === `You're enrolled in ${course.title}`);
      return sent.length >= 2 && sent;
    }, 30_000);
    expect(mails).toHaveLength(2);
  });

  it('a refund of the child\'s course ends the child\'s enrolment', async () => {
    const { course } = await paidCourse({ tutor });
    const parent = await createUser('parent');
    const learnerId = await child(parent, 'Baraka');
    const { reference, authorizationUrl } = await expectOk(payFor(parent, course.id, learnerId), 'pay');
    await checkout(authorizationUrl);
    await expectOk(verify(parent, reference), 'verify');
    expect(await enrolment(course.id, learnerId)).toMatchObject({ paymentReference: reference });
    const admin = await signInDemoAdmin();
    await expectOk(callApi('refundTransaction', { token: admin.accessToken, params: { reference }, body: { reason: 'Bought by mistake' } }), 'refund');
    expect(await enrolment(course.id, learnerId)).toBeUndefined();
    expect(await getItem(`PAYMENT#${reference}`, 'REFUND')).toMatchObject({ learnerId, studentId: parent.userId, endsEnrolment: true });
  });
});

describe('a super admin refunds a course payment', () => {
  const refundAsAdmin = async (reference: string) => {
    const admin = await signInDemoAdmin();
    return callApi('refundTransaction', { token: admin.accessToken, params: { reference }, body: { reason: 'Bought by mistake' } });
  };
  const listed = async (reference: string) => {
    const admin = await signInDemoAdmin();
    const { transactions } = await expectOk(callApi('adminTransactions', { token: admin.accessToken, query: { limit: 50 } }), 'transactions');
    return transactions.find((t) => t.id === reference);
  };
  const refundOf = (reference: string) => getItem(`PAYMENT#${reference}`, 'REFUND');
  const ledgerEntry = (kind: string, reference: string) => getItem(`LEDGER#ENTRY#${kind}#${reference}`, 'ENTRY');

  it('goes back through Paystack once, ends the enrolment (access, progress, certificate) and takes the money back from the course, the tutor and the fee', async () => {
    const { course } = await paidCourse({ tutor });
    const student = await createUser('student');
    const { reference, authorizationUrl } = await expectOk(pay(student, course.id), 'pay');
    await checkout(authorizationUrl);
    await expectOk(verify(student, reference), 'verify');
    const params = { courseId: course.id };
    const { lessons } = await expectOk(callApi('learnCourse', { token: student.accessToken, params }), 'learn');
    await expectOk(callApi('markCourseLessonDone', { token: student.accessToken, params: { ...params, lessonId: lessons[0]!.id } }), 'done');
    // A course is earned when bought: the tutor's share and the fee are in the ledger already.
    await eventually(() => ledgerEntry('payment', reference), 15_000);
    expect(await listed(reference)).toMatchObject({ courseId: course.id, refundable: true });

    const answer = await refundAsAdmin(reference);
    expect(answer.status).toBe(200);
    const again = await refundAsAdmin(reference);
    expect([again.status, again.error?.code]).toEqual([409, 'already_refunded']);

    // Ended at once, with the refund's request: no access, no progress, nothing left to complete.
    expect(await enrolment(course.id, student.userId)).toBeUndefined();
    const learn = await callApi('learnCourse', { token: student.accessToken, params });
    expect([learn.status, learn.error?.message]).toEqual([403, courseMessages.notEnrolled]);
    expect((await callApi('markCourseLessonDone', { token: student.accessToken, params: { ...params, lessonId: lessons[1]!.id } })).status).toBe(403);
    const mine = await expectOk(callApi('listMyEnrolments', { token: student.accessToken }), 'enrolments');
    expect(mine.enrolments.map((e) => e.course.id)).not.toContain(course.id);
    expect(await stored(course.id)).toMatchObject({ enrolledCount: 0 });

    // Paystack processes it: the course's revenue, the tutor's share (pending) and the fee come back.
    await eventually(async () => (await refundOf(reference))?.status === 'processed', 15_000);
    expect(await stored(course.id)).toMatchObject({ enrolledCount: 0, revenueMinor: 0 });
    expect(await eventually(() => ledgerEntry('refund', reference), 15_000)).toMatchObject({
      courseId: course.id,
      postings: [{ account: 'tutor_pending', amountMinor: -127_500 }, { account: 'platform_revenue', amountMinor: -22_500 }, { account: 'refunds', amountMinor: 150_000 }],
    });
    expect(await getItem(`LEDGER#PAYMENT#${reference}`, 'SOURCE')).toMatchObject({ stage: 'refunded', tutorMinor: 0, feeMinor: 0 });
    expect(await listed(reference)).toMatchObject({ refundable: false, refund: { status: 'processed', reason: 'Bought by mistake' } });
    await waitUntilDone(`refund-processed#${reference}`);

    // The student may buy it again.
    expect((await pay(student, course.id)).status).toBe(200);
  });

  it('a duplicate payment goes back without ending the enrolment the first payment made', async () => {
    const { course } = await paidCourse({ tutor });
    const student = await createUser('student');
    const first = await expectOk(pay(student, course.id), 'pay');
    const second = await expectOk(pay(student, course.id), 'pay again before paying');
    await checkout(first.authorizationUrl);
    await checkout(second.authorizationUrl);
    await eventually(async () => (await getItem(`PAYMENT#${second.reference}`, 'PAYMENT'))?.status === 'duplicate', 15_000);

    expect((await refundAsAdmin(second.reference)).status).toBe(200);
    await eventually(async () => (await refundOf(second.reference))?.status === 'processed', 15_000);
    expect(await enrolment(course.id, student.userId)).toMatchObject({ paymentReference: first.reference });
    expect((await callApi('learnCourse', { token: student.accessToken, params: { courseId: course.id } })).status).toBe(200);
    expect(await counted(course.id)).toMatchObject({ enrolledCount: 1, revenueMinor: 150_000 });
    // It never counted as the tutor's money, so the ledger has nothing to take back.
    expect(await ledgerEntry('refund', second.reference)).toBeUndefined();
    expect(await listed(first.reference)).toMatchObject({ refundable: true });
  });
});
