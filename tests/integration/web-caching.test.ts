/**
 * How the gateway (CloudFront's stand-in) lets browsers cache the SPA: index.html,
 * /config.json and the other unhashed files revalidate with an ETag (304, no body, when
 * unchanged); hashed assets are immutable; the manifest and the service worker are served.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, stack } from '../support/api.js';

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${baseUrl()}${path}`, { headers });

describe('caching of the web app', () => {
  const revalidated: Array<[string, string]> = [
    ['/', 'text/html'], ['/browse-tutors', 'text/html'], ['/config.json', 'application/json'], ['/sw.js', 'text/javascript'],
  ];
  for (const [path, type] of revalidated) {
    it(`${path} is no-cache with an ETag, and 304 with no body when the browser holds it`, async () => {
      for (const encoding of ['gzip', 'identity']) {
        const first = await get(path, { 'accept-encoding': encoding });
        expect(first.status).toBe(200);
        expect(first.headers.get('content-type')).toContain(type);
        expect(first.headers.get('cache-control')).toBe('no-cache');
        const etag = first.headers.get('etag');
        // A gzip body is another representation of the same content: the weak form of its tag.
        const gzipped = first.headers.get('content-encoding') === 'gzip';
        expect(etag).toMatch(gzipped ? /^W\/"[\w-]+"$/ : /^"[\w-]+"$/);
        expect((await first.text()).length).toBeGreaterThan(0);

        const again = await get(path, { 'accept-encoding': encoding, 'if-none-match': etag! });
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(await again.text()).toBe('');

        // A validator of older content gets the whole file again.
        const changed = await get(path, { 'accept-encoding': encoding, 'if-none-match': '"older-version"' });
        expect(changed.status).toBe(200);
        expect((await changed.text()).length).toBeGreaterThan(0);
      }
    });
  }

  it('the same content has the same validator in both encodings (weak comparison)', async () => {
    const gzip = (await get('/', { 'accept-encoding': 'gzip' })).headers.get('etag')!;
    const identity = (await get('/', { 'accept-encoding': 'identity' })).headers.get('etag')!;
    expect(gzip).toBe(`W/${identity}`);
    expect((await get('/', { 'accept-encoding': 'identity', 'if-none-match': gzip })).status).toBe(304);
  });

  it('hashed assets are immutable for a year', async () => {
    const html = await (await get('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const res = await get(script!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("no page may be framed, except /live-left.html (the classroom's logoutURL): by the app and the video server only", async () => {
    const html = await (await get('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    for (const path of ['/', '/browse-tutors', '/live-tutoring/demo-session', '/offline.html', script]) {
      const res = await get(path);
      expect(res.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
    const left = await get('/live-left.html?lesson=demo-session');
    expect(left.status).toBe(200);
    expect(left.headers.get('content-type')).toContain('text/html');
    expect(await left.text()).toContain('You left the class');
    // The BigBlueButton sandbox's classroom pages stand for the video server.
    expect(left.headers.get('content-security-policy')).toBe(`frame-ancestors 'self' ${stack().sandboxUrls.bigbluebutton}`);
    expect(left.headers.get('x-frame-options')).toBeNull();
  });

  it('serves the web manifest: name, standalone, theme, 192 and 512 icons and a maskable one', async () => {
    const html = await (await get('/')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const res = await get('/manifest.webmanifest');
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await res.json() as { name: string; short_name: string; display: string; theme_color: string; start_url: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
    expect(manifest).toMatchObject({ name: "Africa's Learning Platform", display: 'standalone', start_url: '/', theme_color: '#0f766e' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const png = await get(icon.src);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await png.arrayBuffer());
      // The PNG header's width matches the size the manifest claims.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});
