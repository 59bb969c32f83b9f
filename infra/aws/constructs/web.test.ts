import { describe, expect, it } from 'vitest';
import { recordStoreKey } from '../prerendered-pages';
import { SPA_REWRITE_FUNCTION_CODE } from './web';

type Values = Record<string, { value: string }>;
type Request = { uri: string; cookies: Values; headers: Values; querystring: Values };
type Response = { statusCode: number; headers: Values; body: string };
type Store = Record<string, string> | 'throws';

/**
 * The deployed code, run as CloudFront runs it: `cloudfront`'s `cf.kvs()` is a handle over `store`
 * whose get throws for a missing key (as CloudFront's does) or for every key ('throws').
 */
function viewerRequest(store: Store) {
  const lookups: string[] = [];
  const cf = {
    kvs: () => ({
      get: async (key: string) => {
        lookups.push(key);
        if (store === 'throws') throw new Error('KeyValueStore unavailable');
        if (!(key in store)) throw new Error(`The key ${key} does not exist`);
        return store[key];
      },
    }),
  };
  const [imports, ...body] = SPA_REWRITE_FUNCTION_CODE.split('\n');
  expect(imports).toBe("import cf from 'cloudfront';");
  const handler = new Function('cf', `${body.join('\n')}\nreturn handler;`)(cf) as (event: { request: Request }) => Promise<Request | Response>;
  const run = (uri: string, { cookie, acceptLanguage, lang }: { cookie?: string; acceptLanguage?: string; lang?: string } = {}) => handler({
    request: {
      uri,
      cookies: cookie ? { 'alp-language': { value: cookie } } : {},
      headers: acceptLanguage ? { 'accept-language': { value: acceptLanguage } } : {},
      querystring: lang ? { lang: { value: lang } } : {},
    },
  });
  return { run, lookups };
}

describe('the viewer-request function and the store of record pages', () => {
  it('stays within CloudFront\'s 10 KB function size', () => {
    expect(Buffer.byteLength(SPA_REWRITE_FUNCTION_CODE)).toBeLessThan(10 * 1024);
  });

  it('serves a rendered record\'s own file in the visitor\'s language', async () => {
    const { run, lookups } = viewerRequest({ 'tutor:t-1': 'page', 'course:c_2': 'page' });
    expect(await run('/tutor-profile/t-1')).toMatchObject({ uri: '/pages/tutor-profile/t-1.html' });
    expect(await run('/tutor-profile/t-1', { cookie: 'sw' })).toMatchObject({ uri: '/pages/tutor-profile/t-1.sw.html' });
    expect(await run('/tutor-profile/t-1', { cookie: 'sw', lang: 'en' })).toMatchObject({ uri: '/pages/tutor-profile/t-1.html' });
    expect(await run('/courses/c_2', { acceptLanguage: 'sw-KE,sw;q=0.9' })).toMatchObject({ uri: '/pages/courses/c_2.sw.html' });
    expect(lookups).toEqual(['tutor:t-1', 'tutor:t-1', 'tutor:t-1', 'course:c_2']);
  });

  it('answers 410 with a small page for a record that is gone', async () => {
    const { run } = viewerRequest({ 'tutor:t-1': 'gone', 'course:c-2': 'gone' });
    const gone = await run('/tutor-profile/t-1') as Response;
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']?.value).toBe('text/html; charset=utf-8');
    expect(gone.body).toContain('<html lang="en">');
    expect(gone.body.length).toBeLessThan(400);
    const sw = await run('/courses/c-2', { cookie: 'sw' }) as Response;
    expect(sw.statusCode).toBe(410);
    expect(sw.body).toContain('<html lang="sw">');
  });

  it('serves the shell when the record has no key, an unknown value, or the lookup fails', async () => {
    const { run } = viewerRequest({ 'tutor:odd': 'maybe' });
    expect(await run('/tutor-profile/t-1')).toMatchObject({ uri: '/pages/tutor-profile.html' });
    expect(await run('/tutor-profile/odd', { cookie: 'sw' })).toMatchObject({ uri: '/pages/tutor-profile.sw.html' });
    const failing = viewerRequest('throws');
    expect(await failing.run('/courses/c-2')).toMatchObject({ uri: '/pages/course.html' });
    expect(await failing.run('/courses/c-2', { cookie: 'sw' })).toMatchObject({ uri: '/pages/course.sw.html' });
  });

  it('never looks up a path that cannot name a record, nor any other page', async () => {
    const { run, lookups } = viewerRequest({});
    expect(await run('/tutor-profile/a.b')).toMatchObject({ uri: '/tutor-profile/a.b' });
    expect(await run('/tutor-profile/a/b')).toMatchObject({ uri: '/index.html' });
    expect(await run(`/tutor-profile/${'x'.repeat(65)}`)).toMatchObject({ uri: '/pages/tutor-profile.html' });
    expect(await run('/tutor-profile/%2E%2E')).toMatchObject({ uri: '/pages/tutor-profile.html' });
    expect(await run('/')).toMatchObject({ uri: '/pages/home.html' });
    expect(await run('/course-dashboard', { cookie: 'sw' })).toMatchObject({ uri: '/pages/course-dashboard.sw.html' });
    expect(await run('/student-dashboard')).toMatchObject({ uri: '/index.html' });
    expect(await run('/assets/index-3f9a1c.js')).toMatchObject({ uri: '/assets/index-3f9a1c.js' });
    expect(lookups).toEqual([]);
  });

  it('serves a rendered subject or grade page\'s file in the visitor\'s language, under the key its writer puts', async () => {
    const grade = '/tutors/kcse-chemistry/844-form-4';
    const { run, lookups } = viewerRequest({ [recordStoreKey('/tutors/chemistry')!]: 'page', [recordStoreKey(grade)!]: 'page' });
    expect(await run('/tutors/chemistry')).toMatchObject({ uri: '/pages/tutors/chemistry.html' });
    expect(await run('/tutors/chemistry', { cookie: 'sw' })).toMatchObject({ uri: '/pages/tutors/chemistry.sw.html' });
    expect(await run('/tutors/chemistry', { cookie: 'sw', lang: 'en' })).toMatchObject({ uri: '/pages/tutors/chemistry.html' });
    expect(await run(grade)).toMatchObject({ uri: '/pages/tutors/kcse-chemistry/844-form-4.html' });
    expect(await run(grade, { acceptLanguage: 'sw-KE,sw;q=0.9' })).toMatchObject({ uri: '/pages/tutors/kcse-chemistry/844-form-4.sw.html' });
    expect(lookups).toEqual(['subject:chemistry', 'subject:chemistry', 'subject:chemistry', 'subject:kcse-chemistry/844-form-4', 'subject:kcse-chemistry/844-form-4']);
  });

  it('serves the shell for a subject page not rendered yet, with another value, or when the lookup fails', async () => {
    const { run } = viewerRequest({ 'subject:physics': 'gone' });
    expect(await run('/tutors/chemistry')).toMatchObject({ uri: '/index.html' });
    expect(await run('/tutors/physics', { cookie: 'sw' })).toMatchObject({ uri: '/index.html' });
    expect(await viewerRequest('throws').run('/tutors/kcse-chemistry/844-form-4')).toMatchObject({ uri: '/index.html' });
  });

  it('never looks up a path outside the subject and grade pages\' pattern', async () => {
    const { run, lookups } = viewerRequest({ 'subject:chemistry': 'page' });
    expect(await run('/tutors')).toMatchObject({ uri: '/index.html' });
    expect(await run('/tutors/')).toMatchObject({ uri: '/index.html' });
    expect(await run('/tutors/Chemistry')).toMatchObject({ uri: '/index.html' });
    expect(await run('/tutors/kcse-chemistry/844-form-4/more')).toMatchObject({ uri: '/index.html' });
    expect(await run(`/tutors/${'x'.repeat(65)}`)).toMatchObject({ uri: '/index.html' });
    expect(await run('/tutors/chemistry.html')).toMatchObject({ uri: '/tutors/chemistry.html' });
    expect(await run('/browse-tutors')).toMatchObject({ uri: '/pages/browse-tutors.html' });
    expect(await run('/en/tutors/chemistry')).toMatchObject({ uri: '/index.html' });
    expect(lookups).toEqual([]);
  });
});
