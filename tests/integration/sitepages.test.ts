/**
 * A tutor's own page against the emulators: a change of what their public profile shows (here a
 * profile edit through the API) has the consumer rewrite their English and Kiswahili pages and share
 * images in the (moto) web bucket, which the gateway serves as CloudFront does; a suspended tutor's
 * path answers 410 until they are reinstated.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, eventually, expectOk, signInDemoAdmin, stack } from '../support/api.js';
import { bookableTutor } from '../support/fixtures.js';
import { s3 } from '../support/uploads.js';

/** A file of the web bucket, or undefined while there is none. */
async function webFile(key: string): Promise<{ bytes: Uint8Array; type?: string } | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: stack().resources.webBucket, Key: key }));
    return { bytes: await out.Body!.transformToByteArray(), type: out.ContentType };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
const text = (file: { bytes: Uint8Array } | undefined) => (file ? Buffer.from(file.bytes).toString('utf8') : '');

/** The first consumer run in a process loads the renderer and resvg. */
const RENDER_WAIT_MS = 30_000;

let adminToken: string;
beforeAll(async () => {
  adminToken = (await signInDemoAdmin()).accessToken;
});

describe("a tutor's own page", () => {
  it('is rewritten with the new headline in both languages, with its share image, after the tutor edits their profile', async () => {
    const tutor = await bookableTutor({ hourlyRate: 1800 });
    const headline = `Form 4 chemistry that finally makes sense ${randomUUID().slice(0, 8)}`;
    await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { bio: `${headline}\nTwelve years at a Nairobi school.` } }), 'profile');

    const english = await eventually(async () => {
      const page = text(await webFile(`pages/tutor-profile/${tutor.userId}.html`));
      return page.includes(headline) && page;
    }, RENDER_WAIT_MS);
    const kiswahili = await eventually(async () => {
      const page = text(await webFile(`pages/tutor-profile/${tutor.userId}.sw.html`));
      return page.includes(headline) && page;
    }, RENDER_WAIT_MS);
    expect(english).toContain('<html lang="en"');
    expect(kiswahili).toContain('<html lang="sw"');
    // og:image is the drawn card beside the page, not the bare photo.
    expect(english).toContain(`<meta property="og:image" content="${stack().url}/share/tutor/${tutor.userId}.png">`);
    expect(kiswahili).toContain(`/share/tutor/${tutor.userId}.sw.png`);

    const image = await webFile(`share/tutor/${tutor.userId}.png`);
    expect(image?.type).toBe('image/png');
    const png = Buffer.from(image!.bytes);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    // The gateway serves the rendered page at the tutor's path, and the card at its own.
    const served = await fetch(`${stack().url}/tutor-profile/${tutor.userId}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain(headline);
    const servedSw = await fetch(`${stack().url}/tutor-profile/${tutor.userId}?lang=sw`);
    expect(await servedSw.text()).toContain('<html lang="sw"');
    const card = await fetch(`${stack().url}/share/tutor/${tutor.userId}.png`);
    expect([card.status, card.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('answers 410 once the tutor is suspended, and comes back when they are reinstated', async () => {
    const tutor = await bookableTutor();
    await eventually(async () => await webFile(`pages/tutor-profile/${tutor.userId}.html`), RENDER_WAIT_MS);

    await expectOk(callApi('setUserSuspension', { token: adminToken, params: { userId: tutor.userId }, body: { suspended: true, reason: 'Asked for payment outside the platform' } }), 'suspend');
    await eventually(async () => (await fetch(`${stack().url}/tutor-profile/${tutor.userId}`)).status === 410, RENDER_WAIT_MS);
    expect(await webFile(`pages/tutor-profile/${tutor.userId}.html`)).toBeUndefined();
    expect(await webFile(`share/tutor/${tutor.userId}.png`)).toBeUndefined();
    expect((await fetch(`${stack().url}/tutor-profile/${tutor.userId}?lang=sw`)).status).toBe(410);

    await expectOk(callApi('setUserSuspension', { token: adminToken, params: { userId: tutor.userId }, body: { suspended: false } }), 'reinstate');
    const back = await eventually(async () => {
      const response = await fetch(`${stack().url}/tutor-profile/${tutor.userId}`);
      return response.status === 200 && await response.text();
    }, RENDER_WAIT_MS);
    expect(back).toContain('id="alp-record"');
  });
});
