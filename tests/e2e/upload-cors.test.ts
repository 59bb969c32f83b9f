/**
 * The browser's upload path: from a page on the app's origin, a cross-origin multipart POST of a
 * presigned ticket straight to the bucket (the emulator locally, S3 on AWS), then the published
 * photo rendered from the app's own origin (/public/*).
 */
import { describe, expect, it } from 'vitest';
import { api, createUser, stack } from '../support/api.js';
import { useBrowser } from '../support/browser.js';

/** A valid 1×1 transparent PNG. */
const PNG = [
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
  0x89, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
  0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
  0x42, 0x60, 0x82,
];

interface Ticket { url: string; fields: Record<string, string>; key: string }

describe('profile photo upload from the browser', () => {
  const s = useBrowser();

  it('the bucket answers a CORS preflight from the app origin', async () => {
    const { url } = (await api<Ticket>('/api/me/profile-photo/upload', {
      method: 'POST', token: (await createUser('student')).accessToken,
      body: { fileName: 'me.png', contentType: 'image/png', size: PNG.length },
    })).body;
    const origin = new URL(stack().url).origin;
    const res = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('posts the file cross-origin with the ticket, then shows the published photo', async () => {
    const { page } = s;
    const user = await createUser('tutor');
    const ticketRes = await api<Ticket>('/api/me/profile-photo/upload', {
      method: 'POST', token: user.accessToken, body: { fileName: 'selfie.png', contentType: 'image/png', size: PNG.length },
    });
    expect(ticketRes.status).toBe(201);
    const ticket = ticketRes.body;
    // Cross-origin for real: the page's origin is the app, the ticket's URL is the bucket.
    expect(new URL(ticket.url).origin).not.toBe(new URL(stack().url).origin);

    await page.goto('/');
    const upload = await page.evaluate(async ({ url, fields, bytes }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'selfie.png');
      try {
        const res = await fetch(url, { method: 'POST', body: form });
        return { status: res.status, origin: location.origin };
      } catch (error) {
        return { error: String(error), origin: location.origin };
      }
    }, { url: ticket.url, fields: ticket.fields, bytes: PNG });
    expect(upload).toEqual({ status: 204, origin: new URL(stack().url).origin });

    const set = await api<{ profile: { profilePhotoUrl: string } }>('/api/me/profile-photo', {
      method: 'POST', token: user.accessToken, body: { key: ticket.key },
    });
    expect(set.status).toBe(200);

    const width = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return img.naturalWidth;
    }, set.body.profile.profilePhotoUrl);
    expect(width).toBe(1);
  });

  it('uploads with XMLHttpRequest and progress events, after a preflight the bucket answers for the app origin only', async () => {
    const { page } = s;
    const user = await createUser('student');
    const newTicket = async () => (await api<Ticket>('/api/me/profile-photo/upload', {
      method: 'POST', token: user.accessToken, body: { fileName: 'me.png', contentType: 'image/png', size: PNG.length },
    })).body;
    const xhrUpload = (ticket: Ticket) => page.evaluate(({ url, fields, bytes }) =>
      new Promise<{ status: number; progress: number }>((resolve) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
        let progress = 0;
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url);
        // An upload listener makes this a non-simple request: the browser sends a CORS preflight.
        xhr.upload.onprogress = (event) => { if (event.lengthComputable) progress = event.loaded / event.total; };
        xhr.onloadend = () => resolve({ status: xhr.status, progress });
        xhr.send(form);
      }), { url: ticket.url, fields: ticket.fields, bytes: PNG });

    await page.goto('/');
    const ticket = await newTicket();
    expect(await xhrUpload(ticket)).toEqual({ status: 204, progress: 1 });
    const set = await api('/api/me/profile-photo', { method: 'POST', token: user.accessToken, body: { key: ticket.key } });
    expect(set.status).toBe(200);

    // Control: the same page served from another origin (127.0.0.1 instead of localhost) is not
    // in the bucket's CORS rule, so its preflight is refused and the browser never sends the file.
    const appUrl = new URL(stack().url);
    await page.goto(`${appUrl.protocol}//127.0.0.1:${appUrl.port}/`);
    const refused = await newTicket();
    expect((await xhrUpload(refused)).status).toBe(0);
    expect((await api('/api/me/profile-photo', { method: 'POST', token: user.accessToken, body: { key: refused.key } })).status).toBe(404);
    // (The emulator itself is reachable from that page: a HEAD without preflight gets an answer.)
    const reachable = await page.evaluate(async (url) => (await fetch(url, { method: 'HEAD', mode: 'no-cors' })).type, refused.url);
    expect(reachable).toBe('opaque');
  });
});
