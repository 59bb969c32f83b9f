import { describe, expect, it } from 'vitest';
import { recordFilesFor, requestLanguage, spaFileFor, subjectPageFileFor } from './prerendered-pages';

describe('a subject page\'s rendered file', () => {
  it('is one per subject or grade page and language, under pages/tutors/', () => {
    expect(subjectPageFileFor('/tutors/chemistry')).toBe('/pages/tutors/chemistry.html');
    expect(subjectPageFileFor('/tutors/kcse-chemistry/844-form-4', 'sw')).toBe('/pages/tutors/kcse-chemistry/844-form-4.sw.html');
  });

  it('is never looked up for another path', () => {
    for (const path of ['/tutors', '/tutors/', '/tutors/a/b/c', '/tutors/..%2F..', '/tutors/a.b', '/tutors/Chemistry', '/browse-tutors']) {
      expect(subjectPageFileFor(path)).toBeUndefined();
    }
  });
});

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
