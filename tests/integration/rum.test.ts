/**
 * POST /api/rum against the local gateway: a browser's beacon is taken (204, with or without a
 * sign-in, from any address); a malformed, unknown-shaped or oversized one is refused with 400.
 */
import { describe, expect, it } from 'vitest';
import { api, createUser, stack } from '../support/api.js';

const beacon = { page: 'tutor_profile', connection: '4g', deviceMemory: 4, metrics: [{ name: 'LCP', value: 1812 }, { name: 'CLS', value: 0.01 }] };

describe('POST /api/rum', () => {
  it('takes a beacon as sendBeacon posts it, signed in or not', async () => {
    expect((await api('/api/rum', { method: 'POST', body: beacon })).status).toBe(204);
    const user = await createUser('student');
    expect((await api('/api/rum', { method: 'POST', body: { ...beacon, page: 'home' }, token: user.accessToken })).status).toBe(204);
    // sendBeacon with a string posts text/plain (a simple request, no preflight).
    const plain = await fetch(`${stack().url}/api/rum`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(beacon) });
    expect(plain.status).toBe(204);
  });

  it('refuses a malformed body, an unknown shape and a URL with 400', async () => {
    expect((await api('/api/rum', { method: 'POST', rawBody: '{"page":' })).status).toBe(400);
    expect((await api('/api/rum', { method: 'POST', body: { ...beacon, metrics: [{ name: 'FID', value: 3 }] } })).status).toBe(400);
    expect((await api('/api/rum', { method: 'POST', body: { ...beacon, url: 'http://x/tutor-profile/1' } })).status).toBe(400);
  });

  it('refuses a beacon larger than 2 KB with 400, however valid its content', async () => {
    const padded = JSON.stringify(beacon).replace('{', `{${' '.repeat(2100)}`);
    const answer = await api<{ error: { message: string } }>('/api/rum', { method: 'POST', rawBody: padded });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('The measurement is too large');
  });
});
