import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signInDemoAdmin } from '../support/api.js';

/** A name no other user has (letters only), so searches see only this test's users. */
const uniqueWord = (start: string) => `${start}${randomUUID().replace(/[^a-f]/g, '').slice(0, 7)}`;

interface UsersPage { users: Array<{ id: string; firstName: string; lastName: string; email: string }>; nextCursor?: string; adminRequests: unknown[] }

let adminToken: string;
beforeAll(async () => {
  adminToken = (await signInDemoAdmin()).accessToken;
});

const users = (params: Record<string, string>, token = adminToken) =>
  api<UsersPage>(`/api/admin/users?${new URLSearchParams(params)}`, { token });

/** Every page of a listing, following the cursor. */
async function allPages(params: Record<string, string>): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const res = await users({ ...params, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    pages.push(res.body.users.map((u) => u.id));
    cursor = res.body.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('GET /api/admin/users', () => {
  it('finds users by the start of their first name, surname or e-mail, ignoring case and accents', async () => {
    const first = uniqueWord('Zoë');
    const last = uniqueWord('Kamau');
    const a = await createUser('student', { firstName: first });
    const b = await createUser('tutor');
    expect((await api('/api/me/profile', { method: 'PATCH', token: b.accessToken, body: { lastName: last } })).status).toBe(200);

    const ids = async (q: string) => (await users({ q })).body.users.map((u) => u.id);
    expect(await ids(first.toUpperCase())).toEqual([a.userId]);
    expect(await ids(first.replace('ë', 'e').slice(0, 8))).toEqual([a.userId]);
    expect(await ids(`${first} us`)).toEqual([a.userId]); // first name + surname ("User")
    expect(await ids(last.toLowerCase())).toEqual([b.userId]);
    expect(await ids(b.email.toUpperCase())).toEqual([b.userId]);
    expect(await ids(b.email.slice(0, b.email.indexOf('@')))).toEqual([b.userId]);
    expect(await ids(uniqueWord('Nobody'))).toEqual([]);
    const found = (await users({ q: last })).body.users[0]!;
    expect(found).toMatchObject({ id: b.userId, lastName: last, email: b.email, role: 'tutor' });
  });

  it('finds a renamed user by the new name only', async () => {
    const before = uniqueWord('Oldname');
    const after = uniqueWord('Newname');
    const user = await createUser('student', { firstName: before });
    await api('/api/me/profile', { method: 'PATCH', token: user.accessToken, body: { firstName: after } });
    expect((await users({ q: after })).body.users.map((u) => u.id)).toEqual([user.userId]);
    expect((await users({ q: before })).body.users).toEqual([]);
  });

  it('pages search results with a cursor, each user once, even when several of their terms match', async () => {
    const word = uniqueWord('Pager');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const user = await createUser('student', { firstName: `${word}${i}` });
      // Surname starting the same way: the user matches through two terms.
      if (i % 2 === 0) await api('/api/me/profile', { method: 'PATCH', token: user.accessToken, body: { lastName: `${word}son` } });
      made.push(user.userId);
    }
    const pages = await allPages({ q: word, limit: '2' });
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...made].sort());
  });

  it('pages all users newest first without repeats', async () => {
    const older = await createUser('student');
    const newer = await createUser('student');
    const first = await users({ limit: '2' });
    expect(first.body.users.map((u) => u.id)).toEqual([newer.userId, older.userId]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await users({ limit: '2', cursor: first.body.nextCursor! });
    expect(second.status).toBe(200);
    expect(second.body.users).toHaveLength(2);
    for (const u of second.body.users) expect([newer.userId, older.userId]).not.toContain(u.id);
    expect(Array.isArray(second.body.adminRequests)).toBe(true);
  });

  it('refuses a cursor from another list and bad paging', async () => {
    const first = await users({ limit: '1' });
    expect((await users({ q: 'a', cursor: first.body.nextCursor! })).status).toBe(400);
    expect((await users({ cursor: 'not-a-cursor' })).status).toBe(400);
    expect((await users({ limit: '0' })).status).toBe(400);
  });

  it('is for super admins only', async () => {
    const student = await createUser('student');
    const res = await users({ q: 'a' }, student.accessToken);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: 'forbidden' } });
    expect((await api('/api/admin/users')).status).toBe(401);
  });
});
