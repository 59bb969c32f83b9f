import { describe, expect, it } from 'vitest';
import { recordFilesFor, requestLanguage, spaFileFor } from './prerendered-pages';

describe('a record\'s own page', () => {
  it('is a file per tutor and language, with a marker for a tutor no longer public', () => {
    expect(recordFilesFor('/tutor-profile/0b6f9c1e-2d6a-4c59')).toEqual({
      page: '/pages/tutor-profile/0b6f9c1e-2d6a-4c59.html', gone: '/pages/tutor-profile/0b6f9c1e-2d6a-4c59.gone',
    });
    expect(recordFilesFor('/tutor-profile/0b6f9c1e', 'sw')?.page).toBe('/pages/tutor-profile/0b6f9c1e.sw.html');
  });

  it('is never looked up for a path that cannot name a record', () => {
    for (const path of ['/tutor-profile/', '/tutor-profile/a/b', '/tutor-profile/..%2F..', '/tutor-profile/a.b', '/browse-tutors']) {
      expect(recordFilesFor(path)).toBeUndefined();
    }
    // Such a path still gets the shell, as before.
    expect(spaFileFor('/tutor-profile/whatever')).toBe('/pages/tutor-profile.html');
  });

  it('takes the language of a page\'s hreflang URL before the cookie and the browser\'s', () => {
    expect(requestLanguage('alp-language=en', 'en', 'sw')).toBe('sw');
    expect(requestLanguage('alp-language=sw', 'en', 'xx')).toBe('sw');
    expect(requestLanguage(undefined, 'en-GB,en', null)).toBe('en');
  });
});
