/**
 * First-load weight of the SPA: opens pages in a fresh headless Chromium (no cache) against the
 * local gateway (gzip, like CloudFront) and adds up the bytes on the wire, per type.
 * Budget (docs/architecture.md): ≤ 120 KB gzip JavaScript for / and /browse-tutors.
 */
import { chromium } from 'playwright-core';
import { startLocalStack } from '../support/local-stack.js';

const PAGES = ['/', '/browse-tutors', '/auth', '/tutor-profile/{first}'];

export async function benchWeb(): Promise<string> {
  const stack = await startLocalStack({ port: '3197', emulatorPort: '4597', dynamodbPort: '8597', paystackPort: '4197', stage: 'bench-web' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const first = await (await fetch(`${stack.info.url}/api/tutors?limit=1`)).json() as { tutors: Array<{ id: string }> };
    const rows: string[] = [];
    for (const path of PAGES) {
      const url = path.replace('{first}', first.tutors[0]?.id ?? 'none');
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const sizes = { js: 0, css: 0, html: 0, api: 0, img: 0, jsFiles: 0, amplify: false };
      page.on('requestfinished', async (request) => {
        const s = await request.sizes().catch(() => null);
        if (!s) return;
        const type = request.resourceType();
        const bytes = s.responseBodySize + s.responseHeadersSize;
        if (type === 'script') { sizes.js += s.responseBodySize; sizes.jsFiles++; if (/amplify|auth/i.test(request.url())) sizes.amplify = true; }
        else if (type === 'stylesheet') sizes.css += s.responseBodySize;
        else if (type === 'document') sizes.html += s.responseBodySize;
        else if (type === 'image') sizes.img += bytes;
        else if (type === 'fetch' || type === 'xhr') sizes.api += s.responseBodySize;
      });
      await page.goto(`${stack.info.url}${url}`, { waitUntil: 'networkidle' });
      await context.close();
      const kb = (n: number) => (n / 1024).toFixed(1);
      rows.push(`| ${path} | ${kb(sizes.js)} (${sizes.jsFiles} files) | ${kb(sizes.css)} | ${kb(sizes.html)} | ${kb(sizes.api)} | ${kb(sizes.img)} |`);
    }
    return [
      'First load, empty cache, signed out, 390×844, gzip as served (KB on the wire, bodies):',
      '',
      '| Page | JavaScript | CSS | HTML | API JSON | Images |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  } finally {
    await browser.close();
    await stack.stop();
  }
}
