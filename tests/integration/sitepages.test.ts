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
import { bookableTutor, getItem, paidCourse, paidLesson } from '../support/fixtures.js';
import { completeLesson } from '../../functions/bookings/service.js';
import { useStackEnvironment } from '../support/jobs.js';
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

describe('the page renderer', () => {
  it('renders six pages at once (two tutors, two languages), each with its own tutor and language', async () => {
    const [a, b] = await Promise.all([bookableTutor({ firstName: 'Atieno' }), bookableTutor({ firstName: 'Baraka' })]);
    const [profileA, profileB] = await Promise.all([a, b].map((t) => expectOk(callApi('getTutor', { params: { tutorId: t.userId } }), 'profile')));
    useStackEnvironment();
    const { pageRenderer } = await import('../../functions/sitepages/renderer.js');
    const renderer = await pageRenderer();
    const asked = [0, 1, 2, 3, 4, 5].map((i) => ({ profile: i % 2 ? profileB! : profileA!, language: i % 3 ? 'sw' as const : 'en' as const }));
    const pages = await Promise.all(asked.map(({ profile, language }) => renderer.renderTutorPage(profile, language, renderer.shells[language], stack().url)));
    pages.forEach((page, i) => {
      const { profile, language } = asked[i]!;
      expect(page).toContain(`<html lang="${language}"`);
      // Filled with its own tutor (hydration record and all), not left loading or given the other's.
      expect(page).toContain(`"id":"${profile.id}"`);
      expect(page).not.toContain(`"id":"${(profile === profileA ? profileB : profileA)!.id}"`);
      expect(page).toContain(`<h1`);
      expect(page.match(/<h1[^>]*>([^<]*)</)?.[1]).toBe(`${profile.firstName} ${profile.lastName}`);
    });
  });
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

    // The gateway serves the rendered page at the tutor's path (once the store says so: its key is
    // written after the files), and the card at its own.
    await eventually(async () => {
      const served = await fetch(`${stack().url}/tutor-profile/${tutor.userId}`);
      return served.status === 200 && (await served.text()).includes(headline);
    }, RENDER_WAIT_MS);
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
    // The path answers 410 first (the store says gone), then the files go.
    await eventually(async () => !(await webFile(`pages/tutor-profile/${tutor.userId}.html`)) && !(await webFile(`share/tutor/${tutor.userId}.png`)), RENDER_WAIT_MS);
    expect((await fetch(`${stack().url}/tutor-profile/${tutor.userId}?lang=sw`)).status).toBe(410);

    await expectOk(callApi('setUserSuspension', { token: adminToken, params: { userId: tutor.userId }, body: { suspended: false } }), 'reinstate');
    const back = await eventually(async () => {
      const response = await fetch(`${stack().url}/tutor-profile/${tutor.userId}`);
      return response.status === 200 && await response.text();
    }, RENDER_WAIT_MS);
    expect(back).toContain('id="alp-record"');
  });

  it('shows a lesson taught once the lesson is completed (rendered after the count moved)', async () => {
    const { booking, tutor } = await paidLesson();
    const page = () => webFile(`pages/tutor-profile/${tutor.userId}.html`).then(text);
    await eventually(async () => (await page()).includes('id="alp-record"'), RENDER_WAIT_MS);
    expect(await page()).not.toContain('>1 lesson<');
    useStackEnvironment();
    await completeLesson(booking.id, 'ended_by_tutor');
    await eventually(async () => (await page()).includes('>1 lesson<'), RENDER_WAIT_MS);
    await eventually(async () => text(await webFile(`pages/tutor-profile/${tutor.userId}.sw.html`)).includes('>somo 1<'), RENDER_WAIT_MS);
  });
});

/** The JSON-LD block of a rendered page. */
const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as Record<string, any>;

/** A published course of a verified tutor (two lessons), with its tutor's token. */
async function publishedCourse(price: number | null, title = `Form 3 Physics in a fortnight ${randomUUID().slice(0, 8)}`) {
  const { tutor, course } = await paidCourse({ title, ...(price === null ? {} : { price }) });
  if (price === null) {
    await expectOk(callApi('updateCourse', { token: tutor.accessToken, params: { courseId: course.id }, body: { price: null } }), 'free');
  }
  return { tutor, course, title };
}

describe("a course's own page", () => {
  it('is written when the course is published, in both languages, with its Course JSON-LD, share image and a place in the catalogue\'s HTML', async () => {
    const { tutor, course, title } = await publishedCourse(2500);
    const english = await eventually(async () => text(await webFile(`pages/courses/${course.id}.html`)) || undefined, RENDER_WAIT_MS);
    const kiswahili = await eventually(async () => text(await webFile(`pages/courses/${course.id}.sw.html`)) || undefined, RENDER_WAIT_MS);
    expect(english).toContain('<html lang="en"');
    expect(kiswahili).toContain('<html lang="sw"');
    for (const page of [english, kiswahili]) {
      expect(page).toContain(`<title>${title} · Africa's Learning Platform</title>`);
      expect(page).toContain(`<link rel="canonical" href="${stack().url}/courses/${course.id}${page === kiswahili ? '?lang=sw' : ''}">`);
      expect(page).toContain(`<link rel="alternate" hreflang="sw" href="${stack().url}/courses/${course.id}?lang=sw">`);
      expect(page).toContain(`<meta property="og:title" content="${title}">`);
      expect(page).toContain('<meta name="twitter:card" content="summary_large_image">');
      // The course in the HTML, rendered by the page's own components, and the record to hydrate with.
      expect(page).toMatch(new RegExp(`<h1 id="course-title">${title}</h1>`));
      expect(page).toContain('id="alp-record"');
    }
    expect(english).toContain(`<meta property="og:image" content="${stack().url}/share/course/${course.id}.png">`);
    expect(kiswahili).toContain(`/share/course/${course.id}.sw.png`);
    expect(english).toContain('Reaction mechanisms');

    const ld = jsonLdOf(english);
    expect(ld['@type']).toBe('Course');
    expect(ld.name).toBe(title);
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: 2500, priceCurrency: 'KES', category: 'Paid' });
    expect(ld.provider).toMatchObject({ '@type': 'Person', name: 'Test User', url: `${stack().url}/tutor-profile/${tutor.userId}` });
    // No figures of its own: no rating, no invented enrolments.
    expect(ld).not.toHaveProperty('aggregateRating');

    const image = await webFile(`share/course/${course.id}.png`);
    const png = Buffer.from(image!.bytes);
    expect(image?.type).toBe('image/png');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    // Served at the course's path (the SPA's), and the catalogue's HTML lists it among the newest.
    const served = await fetch(`${stack().url}/courses/${course.id}?lang=sw`);
    expect([served.status, (await served.text()).includes('<html lang="sw"')]).toEqual([200, true]);
    const catalogue = await eventually(async () => {
      const html = await (await fetch(`${stack().url}/course-dashboard`)).text();
      return html.includes(title) && html;
    }, RENDER_WAIT_MS);
    expect(catalogue).toContain('id="alp-record"');
    expect(catalogue).toContain(`<link rel="canonical" href="${stack().url}/course-dashboard">`);
  });

  it('says a free course is free in its offer', async () => {
    const { course } = await publishedCourse(null);
    const english = await eventually(async () => {
      const page = text(await webFile(`pages/courses/${course.id}.html`));
      return page.includes('"category":"Free"') && page;
    }, RENDER_WAIT_MS);
    expect(jsonLdOf(english).offers).toMatchObject({ price: 0, priceCurrency: 'KES', category: 'Free' });
  });

  it('is rewritten when the published course is edited or its lessons change, and its sitemap date moves with it', async () => {
    const { tutor, course } = await publishedCourse(1200);
    const token = tutor.accessToken;
    const params = { courseId: course.id };
    await eventually(async () => await webFile(`pages/courses/${course.id}.html`), RENDER_WAIT_MS);

    const retitled = `Waves and optics, step by step ${randomUUID().slice(0, 8)}`;
    await expectOk(callApi('updateCourse', { token, params, body: { title: retitled } }), 'edit');
    for (const key of [`pages/courses/${course.id}.html`, `pages/courses/${course.id}.sw.html`]) {
      await eventually(async () => text(await webFile(key)).includes(`<h1 id="course-title">${retitled}</h1>`), RENDER_WAIT_MS);
    }

    const before = (await getItem(`COURSE#${course.id}`, 'COURSE'))?.updatedAt as string;
    await expectOk(callApi('addCourseLesson', { token, params, body: { title: 'Diffraction gratings', text: 'Try the questions.' } }), 'lesson');
    await eventually(async () => text(await webFile(`pages/courses/${course.id}.html`)).includes('Diffraction gratings'), RENDER_WAIT_MS);
    // The sitemap's lastmod for the course is its last change, the syllabus's too.
    expect(((await getItem(`COURSE#${course.id}`, 'COURSE'))?.updatedAt as string) > before).toBe(true);
  });

  it('is rewritten with the tutor\'s new name when the tutor renames themself, and the catalogue finds the course by it', async () => {
    const { tutor, course } = await publishedCourse(900);
    await eventually(async () => await webFile(`pages/courses/${course.id}.html`), RENDER_WAIT_MS);
    const lastName = `Wekesa${randomUUID().slice(0, 6)}`;
    expect(text(await webFile(`pages/courses/${course.id}.html`))).not.toContain(lastName);
    await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { lastName } }), 'rename');
    for (const key of [`pages/courses/${course.id}.html`, `pages/courses/${course.id}.sw.html`]) {
      await eventually(async () => text(await webFile(key)).includes(lastName), RENDER_WAIT_MS);
    }
    // The course itself names the tutor anew: its page in the API and the catalogue's search.
    const detail = await expectOk(callApi('getCourse', { params: { courseId: course.id } }), 'course');
    expect(detail.tutor.lastName).toBe(lastName);
    const found = await expectOk(callApi('browseCourses', { query: { q: lastName } as never }), 'search');
    expect(found.courses.map((c) => c.id)).toEqual([course.id]);
  });

  it('answers 410 once the course is unpublished, and comes back when it is published again', async () => {
    const { tutor, course } = await publishedCourse(800);
    const params = { courseId: course.id };
    await eventually(async () => await webFile(`pages/courses/${course.id}.html`), RENDER_WAIT_MS);

    await expectOk(callApi('unpublishCourse', { token: tutor.accessToken, params }), 'unpublish');
    await eventually(async () => (await fetch(`${stack().url}/courses/${course.id}`)).status === 410, RENDER_WAIT_MS);
    expect((await fetch(`${stack().url}/courses/${course.id}?lang=sw`)).status).toBe(410);
    // The path answers 410 first (the store says gone), then the files go.
    await eventually(async () => !(await webFile(`pages/courses/${course.id}.html`)) && !(await webFile(`share/course/${course.id}.sw.png`)), RENDER_WAIT_MS);

    await expectOk(callApi('publishCourse', { token: tutor.accessToken, params }), 'publish again');
    const back = await eventually(async () => {
      const response = await fetch(`${stack().url}/courses/${course.id}`);
      return response.status === 200 && await response.text();
    }, RENDER_WAIT_MS);
    expect(back).toContain('id="alp-record"');
  });

  it('shows every change of a burst, and renders nothing again for a change a render already read', async () => {
    const { tutor, course } = await publishedCourse(1000);
    const token = tutor.accessToken;
    const params = { courseId: course.id };
    // Each change is announced after its call began (the event's time is taken after the writes).
    const began: string[] = [];
    // A burst: a lesson added, the order changed, the description edited.
    began.push(new Date().toISOString());
    await expectOk(callApi('addCourseLesson', { token, params, body: { title: 'Revision quiz', text: '' } }), 'lesson');
    const { course: own } = await expectOk(callApi('getMyCourse', { token, params }), 'own');
    const order = [...own.lessons.map((l) => l.id)].reverse();
    began.push(new Date().toISOString());
    await expectOk(callApi('reorderCourseLessons', { token, params, body: { lessonIds: order } }), 'order');
    began.push(new Date().toISOString());
    await expectOk(callApi('updateCourse', { token, params, body: { description: 'Reactions, mechanisms and a revision quiz' } }), 'edit');

    // The page ends showing the whole burst, from a render (and a catalogue render) begun after the last call began.
    const renderedAt = async (pk: string, sk: string) => (await getItem(pk, sk))?.renderedAt as string | undefined ?? '';
    const html = await eventually(async () => {
      const page = text(await webFile(`pages/courses/${course.id}.html`));
      return page.includes('Reactions, mechanisms and a revision quiz') && await renderedAt(`COURSE#${course.id}`, 'SITEPAGE') > began.at(-1)! && page;
    }, RENDER_WAIT_MS);
    expect(html).toContain('Revision quiz');
    expect(html.indexOf('Revision quiz')).toBeLessThan(html.indexOf(own.lessons[0]!.title));
    await eventually(async () => await renderedAt('SITEPAGE', 'COURSE-DASHBOARD') > began.at(-1)!, RENDER_WAIT_MS);

    // The consumer's own decision for a change those renders read: nothing is rendered again. The
    // catalogue reads an index, so its render must have begun a settling time after the change.
    useStackEnvironment();
    const { renderCoursePageAfter } = await import('../../functions/sitepages/course-service.js');
    const { INDEX_SETTLE_MS } = await import('../../functions/sitepages/render-lane.js');
    const course_ = await renderedAt(`COURSE#${course.id}`, 'SITEPAGE');
    const catalogue = new Date(Date.parse(await renderedAt('SITEPAGE', 'COURSE-DASHBOARD')) - INDEX_SETTLE_MS).toISOString();
    const readChange = course_ < catalogue ? course_ : catalogue;
    expect(await renderCoursePageAfter(course.id, readChange)).toEqual({ course: 'already_newer', catalogue: false });
  });
});
