/**
 * The subject and grade pages against the emulators: a tutor's change has the tutor-page consumer
 * render the pages the tutor is (or was) on with their first page of tutors in the HTML, English and
 * Kiswahili, in the (moto) web bucket, which the gateway serves at the page's path.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, eventually, expectOk, signInDemoAdmin, stack } from '../support/api.js';
import { bookableTutor } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import { s3 } from '../support/uploads.js';

async function webPage(key: string): Promise<string> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: stack().resources.webBucket, Key: key }));
    return await out.Body!.transformToString();
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return '';
    throw error;
  }
}

/** The first consumer run in a process loads the renderer. */
const RENDER_WAIT_MS = 30_000;

/** The JSON-LD block of a rendered page. */
const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as Record<string, any>;

let adminToken: string;
beforeAll(async () => {
  adminToken = (await signInDemoAdmin()).accessToken;
});

describe('a subject page', () => {
  it('lists a tutor who adds Chemistry in both languages, with its ItemList, and drops them once suspended', async () => {
    // Listed verified first, then by name: an early name keeps them on the first page beside other tests' tutors.
    const tutor = await bookableTutor({ firstName: 'Aabida', hourlyRate: 1700 });
    const link = `/tutor-profile/${tutor.userId}`;
    await eventually(async () => (await webPage(`pages/tutor-profile/${tutor.userId}.html`)).includes('id="alp-record"'), RENDER_WAIT_MS);
    await expectOk(callApi('updateMyProfile', {
      token: tutor.accessToken, body: { preferredSubjects: ['Mathematics', 'Chemistry'], grades: ['844-form-4'] },
    }), 'adds Chemistry');

    const english = await eventually(async () => {
      const page = await webPage('pages/tutors/chemistry.html');
      return page.includes(link) && page;
    }, RENDER_WAIT_MS);
    const kiswahili = await eventually(async () => {
      const page = await webPage('pages/tutors/chemistry.sw.html');
      return page.includes(link) && page;
    }, RENDER_WAIT_MS);
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('Chemistry tutors in Kenya');
    expect(english).toContain('Aabida');
    expect(kiswahili).toContain('<html lang="sw"');
    expect(kiswahili).toContain('Aabida');
    expect(english).toContain('id="alp-record"');
    const list = jsonLdOf(english);
    expect(list['@type']).toBe('ItemList');
    const item = (list.itemListElement as Array<Record<string, any>>).find((e) => String(e.url).endsWith(link));
    expect(item?.item).toMatchObject({ '@type': 'Person', knowsAbout: expect.arrayContaining(['Chemistry']), makesOffer: { price: 1700, priceCurrency: 'KES' } });
    // No reviews yet: no rating.
    expect(item?.item.aggregateRating).toBeUndefined();
    // The grade page of the grade they stated too, and the gateway serves the pages at their paths.
    await eventually(async () => (await webPage('pages/tutors/kcse-chemistry/844-form-4.html')).includes(link), RENDER_WAIT_MS);
    expect(await (await fetch(`${stack().url}/tutors/chemistry`)).text()).toContain(link);
    expect(await (await fetch(`${stack().url}/tutors/chemistry?lang=sw`)).text()).toContain('<html lang="sw"');

    await expectOk(callApi('setUserSuspension', {
      token: adminToken, params: { userId: tutor.userId }, body: { suspended: true, reason: 'Asked for payment outside the platform' },
    }), 'suspend');
    await eventually(async () => !(await webPage('pages/tutors/chemistry.html')).includes(link), RENDER_WAIT_MS);
    await eventually(async () => !(await webPage('pages/tutors/chemistry.sw.html')).includes(link), RENDER_WAIT_MS);
    await eventually(async () => !(await webPage('pages/tutors/kcse-chemistry/844-form-4.html')).includes(link), RENDER_WAIT_MS);
    expect(await (await fetch(`${stack().url}/tutors/chemistry`)).text()).not.toContain(link);
  });

  it('says so when no tutor is on it, with no empty list', async () => {
    useStackEnvironment();
    const { renderAllSubjectPages } = await import('../../functions/sitepages/subject-service.js');
    // No fixture states an IGCSE year-7 grade with Music.
    const path = '/tutors/igcse-music/igcse-year-7';
    expect(await renderAllSubjectPages([path])).toBe(1);
    const english = await webPage('pages/tutors/igcse-music/igcse-year-7.html');
    expect(english).toContain('No tutors for this subject yet');
    expect(english).not.toContain('<ul class="tutor-grid"');
    expect(english).not.toContain('application/ld+json');
    expect(await webPage('pages/tutors/igcse-music/igcse-year-7.sw.html')).toContain('Bado hakuna walimu wa somo hili');
  });
});
