/**
 * The sitemaps job against the emulators: it writes robots.txt, the sitemap index and the tutors,
 * courses and static sitemaps to the (moto) web bucket from the public tutors and published
 * courses, each dated by its record's own last change; a tutor who stops being public and an
 * unpublished course are gone on the next run; the gateway serves the files as CloudFront does.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectOk, signInDemoAdmin } from '../support/api.js';
import { bookableTutor, getItem, paidCourse } from '../support/fixtures.js';
import { runJobAt } from '../support/jobs.js';
import { s3 } from '../support/uploads.js';
import { stack } from '../support/api.js';

async function webFile(key: string): Promise<{ body: string; type?: string }> {
  const out = await s3().send(new GetObjectCommand({ Bucket: stack().resources.webBucket, Key: key }));
  return { body: await out.Body!.transformToString(), type: out.ContentType };
}

const lastmodOf = (xml: string, loc: string) => new RegExp(`<url><loc>${loc.replace(/[.?]/g, '\\$&')}</loc>(?:<lastmod>([^<]+)</lastmod>)?</url>`).exec(xml);

let adminToken: string;
beforeAll(async () => {
  adminToken = (await signInDemoAdmin()).accessToken;
});

describe('sitemaps job', () => {
  it('lists public tutors and published courses with their real last change; a tutor who stops being public and an unpublished course leave on the next run', async () => {
    const origin = stack().url;
    const tutor = await bookableTutor();
    const { tutor: courseTutor, course } = await paidCourse();
    const started = new Date().toISOString();

    await runJobAt('sitemaps', new Date());
    const tutors = (await webFile('sitemaps/tutors.xml')).body;
    const entry = lastmodOf(tutors, `${origin}/tutor-profile/${tutor.userId}`);
    expect(entry, 'tutor listed').not.toBeNull();
    // The time the tutor's public listing was last rebuilt, not the job's "now".
    const listing = await getItem(`TUTOR#${tutor.userId}`, 'LISTING#ALL');
    expect(entry![1]).toBe(String(listing!.updatedAt).replace(/\.\d{3}Z$/, 'Z'));
    // As times: lastmod has whole seconds, `started` milliseconds (as strings "…05Z" sorts after "…05.900Z").
    expect(Date.parse(entry![1]!)).toBeLessThanOrEqual(Date.parse(started));

    const courses = await webFile('sitemaps/courses.xml');
    expect(courses.type).toMatch(/^application\/xml/);
    const courseEntry = lastmodOf(courses.body, `${origin}/courses/${course.id}`);
    const stored = await getItem(`COURSE#${course.id}`, 'COURSE');
    expect(courseEntry![1]).toBe(String(stored!.updatedAt).replace(/\.\d{3}Z$/, 'Z'));

    const statics = (await webFile('sitemaps/static.xml')).body;
    for (const path of ['/', '/browse-tutors', '/course-dashboard', '/tutors/mathematics', '/tutors/kcse-chemistry']) expect(statics).toContain(`<loc>${origin}${path}</loc>`);
    const index = (await webFile('sitemap.xml')).body;
    for (const name of ['tutors', 'courses', 'static']) expect(index).toContain(`<loc>${origin}/sitemaps/${name}.xml</loc>`);

    // The tutor is suspended (no longer public) and the course unpublished.
    expect((await callApi('setUserSuspension', { token: adminToken, params: { userId: tutor.userId }, body: { suspended: true, reason: 'Test' } })).status).toBe(200);
    await expectOk(callApi('unpublishCourse', { token: courseTutor.accessToken, params: { courseId: course.id } }), 'unpublish');
    await runJobAt('sitemaps', new Date());
    expect((await webFile('sitemaps/tutors.xml')).body).not.toContain(tutor.userId);
    expect((await webFile('sitemaps/courses.xml')).body).not.toContain(course.id);
  });

  it('the gateway serves robots.txt and the sitemaps from the web bucket', async () => {
    await runJobAt('sitemaps', new Date());
    const origin = stack().url;
    const robots = await fetch(`${origin}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
    const index = await fetch(`${origin}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<sitemapindex');
    expect((await fetch(`${origin}/sitemaps/tutors.xml`)).status).toBe(200);
    expect((await fetch(`${origin}/sitemaps/nothing.xml`)).status).toBe(404);
  });
});
