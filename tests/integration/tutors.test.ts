import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '../support/api.js';

/** Surnames no seeded tutor has, so searches in the shared table see only this test's tutors. */
const uniqueName = () => `Zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 6)}`;

async function tutorWith(profile: Record<string, unknown>): Promise<TestUser> {
  const tutor = await createUser('tutor');
  const res = await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: profile });
  expect(res.status).toBe(200);
  return tutor;
}

const browse = (params: Record<string, string>) => api(`/api/tutors?${new URLSearchParams(params)}`);

describe('PATCH /api/me/profile', () => {
  it('saves every tutor field and lists the tutor', async () => {
    const lastName = uniqueName();
    const tutor = await createUser('tutor');
    const res = await api('/api/me/profile', {
      method: 'PATCH', token: tutor.accessToken,
      body: {
        lastName, bio: 'KCSE physics made simple.', hourlyRate: 1750, teachingExperience: '6 years',
        educationBackground: 'BSc Physics, Kenyatta University', expertise: ['Physics'], preferredSubjects: ['Mathematics'],
        specializations: ['KCSE Preparation'], levels: ['secondary'], certifications: ['TSC registered'], timeZone: 'Africa/Kampala',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ lastName, hourlyRate: 1750, levels: ['secondary'], timeZone: 'Africa/Kampala' });
    const me = await api('/api/me', { token: tutor.accessToken });
    expect(me.body.profile.bio).toBe('KCSE physics made simple.');
    const found = await browse({ q: lastName });
    expect(found.body.tutors).toEqual([expect.objectContaining({
      id: tutor.userId, lastName, hourlyRate: 1750, subjects: ['Mathematics', 'Physics'], verified: false,
    })]);
  });

  it('refuses wrong types and values from outside the fixed lists', async () => {
    const tutor = await createUser('tutor');
    const patch = (body: unknown) => api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body });
    expect((await patch({ hourlyRate: '2000' })).body.error.message).toBe('Hourly rate must be a number');
    expect((await patch({ hourlyRate: -5 })).status).toBe(400);
    expect((await patch({ preferredSubjects: ['Astrology'] })).status).toBe(400);
    expect((await patch({ specializations: ['IGCSE', 'IGCSE'] })).status).toBe(400);
    expect((await patch({ levels: ['kindergarten'] })).status).toBe(400);
    expect((await patch({ timeZone: 'Mars/Olympus' })).body.error.message).toBe('Unknown time zone');
    expect((await patch({})).body.error.message).toBe('Nothing to update');
  });

  it('keeps the hourly rate between KSh 200 and KSh 50,000 and says so', async () => {
    const tutor = await createUser('tutor');
    const patch = (hourlyRate: number) => api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { hourlyRate } });
    for (const rate of [0, 199, 50_001]) {
      const res = await patch(rate);
      expect({ rate, status: res.status, message: res.body.error?.message })
        .toEqual({ rate, status: 400, message: 'Hourly rate must be between KSh 200 and KSh 50,000' });
    }
    for (const rate of [200, 50_000]) expect((await patch(rate)).body.profile.hourlyRate).toBe(rate);
  });

  it('lets a tutor set a minimum notice of 0 to 72 whole hours (2 until set)', async () => {
    const tutor = await createUser('tutor');
    expect((await api('/api/me', { token: tutor.accessToken })).body.profile.minNoticeHours).toBe(2);
    const patch = (minNoticeHours: unknown) => api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { minNoticeHours } });
    for (const bad of [-1, 73, 1.5, '4']) {
      const res = await patch(bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    expect((await patch(73)).body.error.message).toBe('Minimum notice must be a whole number of hours from 0 to 72');
    expect((await patch(0)).body.profile.minNoticeHours).toBe(0);
    expect((await patch(72)).body.profile.minNoticeHours).toBe(72);
    const student = await createUser('student');
    expect((await api('/api/me/profile', { method: 'PATCH', token: student.accessToken, body: { minNoticeHours: 5 } })).status).toBe(403);
  });

  it('lets a tutor reset the rate to the default 2500', async () => {
    const tutor = await tutorWith({ hourlyRate: 900, lastName: uniqueName() });
    await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { hourlyRate: null } });
    const card = (await api(`/api/tutors/${tutor.userId}`)).body;
    expect(card.hourlyRate).toBe(2500);
  });

  it('forbids students from setting tutor fields, but lets them edit their own details', async () => {
    const student = await createUser('student');
    const denied = await api('/api/me/profile', { method: 'PATCH', token: student.accessToken, body: { hourlyRate: 1000 } });
    expect(denied.status).toBe(403);
    const ok = await api('/api/me/profile', { method: 'PATCH', token: student.accessToken, body: { country: 'Uganda' } });
    expect(ok.status).toBe(200);
    expect(ok.body.profile.country).toBe('Uganda');
    expect((await api(`/api/tutors/${student.userId}`)).status).toBe(404); // students are never listed
  });

  it('only ever edits the caller: ids, roles and KYC status in the body are ignored', async () => {
    const other = await createUser('tutor');
    const tutor = await createUser('tutor');
    const res = await api('/api/me/profile', {
      method: 'PATCH', token: tutor.accessToken,
      body: { id: other.userId, role: 'super_admin', kycStatus: 'approved', bio: 'mine' },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ id: tutor.userId, role: 'tutor', kycStatus: 'pending', bio: 'mine' });
    expect((await api('/api/me', { token: other.accessToken })).body.profile.bio).toBeUndefined();
  });

  it('keeps any user’s language (English or Kiswahili) in their profile, and nothing else', async () => {
    const student = await createUser('student');
    const patch = (body: unknown) => api('/api/me/profile', { method: 'PATCH', token: student.accessToken, body });
    expect((await api('/api/me', { token: student.accessToken })).body.profile.language).toBeUndefined();
    expect((await patch({ language: 'sw' })).body.profile.language).toBe('sw');
    expect((await api('/api/me', { token: student.accessToken })).body.profile.language).toBe('sw');
    const refused = await patch({ language: 'fr' });
    expect([refused.status, refused.body.error.message]).toEqual([400, 'Choose English or Kiswahili']);
    expect((await api('/api/me', { token: student.accessToken })).body.profile.language).toBe('sw');
  });

  it('needs a signed-in user', async () => {
    expect((await api('/api/me/profile', { method: 'PATCH', body: { bio: 'x' } })).status).toBe(401);
  });
});

describe('GET /api/tutors', () => {
  it('searches name, expertise and subjects case-insensitively', async () => {
    const lastName = uniqueName();
    const a = await tutorWith({ lastName, preferredSubjects: ['Chemistry'], levels: ['secondary'] });
    const b = await tutorWith({ lastName, expertise: ['Kiswahili'], levels: ['primary'] });
    const ids = async (params: Record<string, string>) =>
      ((await browse(params)).body.tutors as Array<{ id: string }>).map((t) => t.id).sort();
    expect(await ids({ q: lastName.toUpperCase() })).toEqual([a.userId, b.userId].sort());
    expect(await ids({ q: `${lastName.toLowerCase()} chem` })).toEqual([a.userId]);
    expect(await ids({ q: `kiswa ${lastName}` })).toEqual([b.userId]);
  });

  it('filters by exact subject and by the levels a tutor teaches', async () => {
    const lastName = uniqueName();
    const a = await tutorWith({ lastName, preferredSubjects: ['Physics'], levels: ['university'] });
    const b = await tutorWith({ lastName, expertise: ['Physics'], levels: ['secondary'] });
    await tutorWith({ lastName, preferredSubjects: ['Biology'], levels: ['university'] });
    const ids = async (params: Record<string, string>) =>
      ((await browse({ q: lastName, ...params })).body.tutors as Array<{ id: string }>).map((t) => t.id).sort();
    expect(await ids({ subject: 'Physics' })).toEqual([a.userId, b.userId].sort());
    expect(await ids({ subject: 'Physics', level: 'university' })).toEqual([a.userId]);
    expect(await ids({ subject: 'physics' })).toEqual([]); // exact, as the spec says
    // Without a text query the facet partition answers the same filters.
    const facet = (await browse({ subject: 'Physics', level: 'university', limit: '50' })).body.tutors as Array<{ id: string; levels: string[]; subjects: string[] }>;
    expect(facet.map((t) => t.id)).toContain(a.userId);
    expect(facet.map((t) => t.id)).not.toContain(b.userId);
    for (const t of facet) {
      expect(t.levels).toContain('university');
      expect(t.subjects).toContain('Physics');
    }
  });

  it('filters by the grades a tutor teaches and their curricula; a tutor who stated none is in neither', async () => {
    const lastName = uniqueName();
    const cbc7 = await tutorWith({ lastName, preferredSubjects: ['Mathematics'], grades: ['cbc-grade-7', 'cbc-grade-8'] });
    const form2 = await tutorWith({ lastName, preferredSubjects: ['Mathematics'], grades: ['844-form-2'] });
    const none = await tutorWith({ lastName, preferredSubjects: ['Mathematics'] });
    const ids = async (params: Record<string, string>) =>
      ((await browse({ q: lastName, ...params })).body.tutors as Array<{ id: string }>).map((t) => t.id).sort();
    expect(await ids({})).toEqual([cbc7.userId, form2.userId, none.userId].sort());
    expect(await ids({ grade: 'cbc-grade-7' })).toEqual([cbc7.userId]);
    expect(await ids({ curriculum: '8-4-4' })).toEqual([form2.userId]);
    expect(await ids({ grade: 'cbc-grade-9' })).toEqual([]);
    // Without a text query the grade's own partition answers, with and without a subject.
    const filters: Array<Record<string, string>> = [{ grade: 'cbc-grade-7' }, { grade: 'cbc-grade-7', subject: 'Mathematics', curriculum: 'cbc' }];
    for (const params of filters) {
      const facet = (await browse({ ...params, limit: '50' })).body.tutors as Array<{ id: string; grades: string[] }>;
      expect(facet.map((t) => t.id)).toContain(cbc7.userId);
      expect(facet.map((t) => t.id)).not.toContain(form2.userId);
      expect(facet.map((t) => t.id)).not.toContain(none.userId);
      for (const t of facet) expect(t.grades).toContain('cbc-grade-7');
    }
    // Dropping a grade takes the tutor out of its partition.
    await api('/api/me/profile', { method: 'PATCH', token: cbc7.accessToken, body: { grades: ['cbc-grade-8'] } });
    expect(await ids({ grade: 'cbc-grade-7' })).toEqual([]);
    expect(await ids({ grade: 'cbc-grade-8' })).toEqual([cbc7.userId]);
    expect((await api(`/api/tutors/${cbc7.userId}`)).body.grades).toEqual(['cbc-grade-8']);
  });

  it('refuses grades outside the catalog and a grade of another curriculum', async () => {
    const tutor = await createUser('tutor');
    const refused = await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { grades: ['grade-7'] } });
    expect([refused.status, refused.body.error.message]).toEqual([400, 'Choose grades from the list']);
    const student = await createUser('student');
    expect((await api('/api/me/profile', { method: 'PATCH', token: student.accessToken, body: { grades: ['cbc-grade-7'] } })).status).toBe(403);
    const mixed = await browse({ grade: '844-form-2', curriculum: 'cbc' });
    expect([mixed.status, mixed.body.error.message]).toEqual([400, 'That grade is not part of the chosen curriculum']);
  });

  it('pages with a cursor, without repeats', async () => {
    const lastName = uniqueName();
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await tutorWith({ lastName, firstName: `Tutor${i}` })).userId);
    const first = await browse({ q: lastName, limit: '2' });
    expect(first.body.tutors).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await browse({ q: lastName, limit: '2', cursor: first.body.nextCursor });
    expect(second.body.tutors).toHaveLength(1);
    expect(second.body.nextCursor).toBeUndefined();
    const seen = [...first.body.tutors, ...second.body.tutors].map((t: { id: string }) => t.id);
    expect(seen.sort()).toEqual(made.sort());
    const wrong = await browse({ q: 'other', cursor: first.body.nextCursor });
    expect(wrong.status).toBe(400);
  });

  /** Every tutor a search returns, following the cursor (bounded, so a runaway cursor fails the test). */
  async function allFound(q: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 30; page++) {
      const res = await browse({ q, limit: '50', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      ids.push(...(res.body.tutors as Array<{ id: string }>).map((t) => t.id));
      cursor = res.body.nextCursor;
      if (!cursor) return ids;
    }
    throw new Error('search did not end');
  }
  /** Random letters of one script, so no other tutor has the same name. */
  const randomLetters = (from: number, count: number, length: number) =>
    Array.from({ length }, () => String.fromCodePoint(from + Math.floor(Math.random() * count))).join('');

  it('finds a tutor by a one-letter name', async () => {
    const tutor = await tutorWith({ firstName: 'J', lastName: uniqueName() });
    expect(await allFound('J')).toContain(tutor.userId);
    expect(await allFound('j')).toContain(tutor.userId);
  });

  it('finds names in Amharic and Arabic, whole and by their start', async () => {
    const amharic = randomLetters(0x1200, 0x48, 4); // Ethiopic syllables ሀ … ቇ
    const arabic = randomLetters(0x0628, 0x13, 5); // Arabic letters ب … غ
    const a = await tutorWith({ firstName: amharic, lastName: 'ቢቂላ' });
    const b = await tutorWith({ firstName: 'فاطمة', lastName: arabic });
    const ids = async (q: string) => ((await browse({ q })).body.tutors as Array<{ id: string }>).map((t) => t.id);
    expect(await ids(amharic)).toEqual([a.userId]);
    expect(await allFound(Array.from(amharic).slice(0, 2).join(''))).toContain(a.userId);
    expect(await ids(arabic)).toEqual([b.userId]);
    // Written with the optional vowel marks, and the first name with the surname.
    expect(await ids(`فَاطِمَة ${arabic}`)).toEqual([b.userId]);
  });

  it('answers a query that cannot match (emoji or punctuation only) with no tutors, not the whole list', async () => {
    for (const q of ['😀', '🎉👩🏽‍🏫', '!!', '…']) {
      const res = await browse({ q });
      expect(res.status, q).toBe(200);
      expect(res.body, q).toEqual({ tutors: [] });
    }
    // A blank query is no query: the browse list.
    expect((await browse({ q: '   ' })).body.tutors.length).toBeGreaterThan(0);
  });

  it('lists only tutors and says so with the spec messages when nothing matches', async () => {
    const res = await browse({ q: uniqueName() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tutors: [] });
    expect((await browse({ level: 'kindergarten' })).status).toBe(400);
  });
});

describe('availability', () => {
  const add = (t: TestUser, body: unknown) => api('/api/me/availability', { method: 'POST', token: t.accessToken, body });

  it('accepts whole hours from 08:00 to 20:00 with the end after the start', async () => {
    const tutor = await createUser('tutor');
    expect((await add(tutor, { dayOfWeek: 1, startTime: '07:00', endTime: '09:00' })).body.error.message)
      .toBe('Choose whole hours between 08:00 and 20:00');
    expect((await add(tutor, { dayOfWeek: 1, startTime: '10:00', endTime: '10:00' })).body.error.message)
      .toBe('End time must be after start time');
    expect((await add(tutor, { dayOfWeek: 1, startTime: '12:00', endTime: '09:00' })).status).toBe(400);
    expect((await add(tutor, { dayOfWeek: 7, startTime: '09:00', endTime: '10:00' })).status).toBe(400);
    const ok = await add(tutor, { dayOfWeek: 1, startTime: '08:00', endTime: '20:00' });
    expect(ok.status).toBe(201);
    expect(ok.body.slot).toMatchObject({ dayOfWeek: 1, startTime: '08:00', endTime: '20:00', isAvailable: true });
  });

  it('refuses a slot that overlaps another on the same day, even when sent at once', async () => {
    const tutor = await createUser('tutor');
    expect((await add(tutor, { dayOfWeek: 2, startTime: '09:00', endTime: '11:00' })).status).toBe(201);
    const overlap = await add(tutor, { dayOfWeek: 2, startTime: '10:00', endTime: '12:00' });
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.message).toMatch(/overlaps another availability slot on Tuesday/);
    expect((await add(tutor, { dayOfWeek: 2, startTime: '11:00', endTime: '12:00' })).status).toBe(201); // touching is fine
    expect((await add(tutor, { dayOfWeek: 3, startTime: '09:00', endTime: '11:00' })).status).toBe(201); // other day
    const racing = await Promise.all([
      add(tutor, { dayOfWeek: 5, startTime: '14:00', endTime: '16:00' }),
      add(tutor, { dayOfWeek: 5, startTime: '15:00', endTime: '17:00' }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    const list = await api('/api/me/availability', { token: tutor.accessToken });
    expect(list.body.slots.map((s: { dayOfWeek: number; startTime: string }) => `${s.dayOfWeek} ${s.startTime}`))
      .toEqual(['2 09:00', '2 11:00', '3 09:00', expect.stringMatching(/^5 1[45]:00$/)]);
  });

  it('deletes only the tutor\'s own slots, and frees the hours', async () => {
    const owner = await createUser('tutor');
    const other = await createUser('tutor');
    const { slot } = (await add(owner, { dayOfWeek: 4, startTime: '09:00', endTime: '10:00' })).body;
    const denied = await api(`/api/me/availability/${slot.id}`, { method: 'DELETE', token: other.accessToken });
    expect(denied.status).toBe(404);
    expect((await api('/api/me/availability', { token: owner.accessToken })).body.slots).toHaveLength(1);
    expect((await api(`/api/me/availability/${slot.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await api('/api/me/availability', { token: owner.accessToken })).body.slots).toEqual([]);
    expect((await add(owner, { dayOfWeek: 4, startTime: '09:00', endTime: '10:00' })).status).toBe(201);
  });

  it('is for tutors only', async () => {
    const student = await createUser('student');
    expect((await add(student, { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' })).status).toBe(403);
  });

  it('becomes bookable times on the public profile, with a real summary', async () => {
    const tutor = await tutorWith({ lastName: uniqueName(), timeZone: 'Africa/Nairobi' });
    for (let day = 0; day < 7; day++) await add(tutor, { dayOfWeek: day, startTime: '08:00', endTime: '10:00' });
    const { body } = await api(`/api/tutors/${tutor.userId}/slots`);
    expect(body.timeZone).toBe('Africa/Nairobi');
    // Two hours a day for 30 days, less those of today already past.
    expect(body.slots.length).toBeGreaterThanOrEqual(58);
    expect(body.slots.length).toBeLessThanOrEqual(62);
    for (const s of body.slots.slice(0, 5)) {
      expect(Date.parse(s.start)).toBeGreaterThan(Date.now());
      expect(['05', '06']).toContain(s.start.slice(11, 13)); // 08:00 and 09:00 in Nairobi (UTC+3)
    }
    const profile = (await api(`/api/tutors/${tutor.userId}`)).body;
    expect(profile.stats).toEqual({ completedSessions: 0, weeklyHours: 14 });
    const summary = (await api('/api/me/availability/summary', { token: tutor.accessToken })).body;
    expect(summary).toMatchObject({ weeklyHours: 14, upcomingBookings: 0 });
    expect(summary.slotsThisWeek).toBeGreaterThanOrEqual(12);
    expect(summary.openSlotsThisWeek).toBe(summary.slotsThisWeek);
  });

  it('answers "Tutor Not Found" for unknown tutors', async () => {
    const res = await api(`/api/tutors/${randomUUID()}/slots`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("The tutor you're looking for doesn't exist or is not available.");
  });
});

describe('caching of public answers (CloudFront honours s-maxage on /api/*)', () => {
  const briefly = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

  it('lets the edge keep browse and a tutor\'s profile 30 s, but never free slots, errors or personal answers', async () => {
    const tutor = await tutorWith({ lastName: uniqueName() });
    expect((await browse({ subject: 'Mathematics' })).headers.get('cache-control')).toBe(briefly);
    expect((await api(`/api/tutors/${tutor.userId}`)).headers.get('cache-control')).toBe(briefly);
    // A booking takes hours away, and its student reads the slots again at once.
    expect((await api(`/api/tutors/${tutor.userId}/slots`)).headers.get('cache-control')).toBe('no-store');
    const missing = await api(`/api/tutors/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect((await api('/api/me', { token: tutor.accessToken })).headers.get('cache-control')).toBe('no-store');
  });
});
