import { describe, expect, it } from 'vitest';
import { CODE_PATTERN, QUIZ_STAR_GAMES } from './catalog.js';
import { CertificateCode } from './contract.js';
import { badgesFrom, eligibleForCertificate, isCertificateCode, newCertificateCode, normaliseCode } from './rules.js';

describe('certificate codes', () => {
  it('are XXXX-XXXX-XXXX in Crockford base32 (no I, L, O, U), different every time', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newCertificateCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) {
      expect(code).toMatch(CODE_PATTERN);
      expect(code).not.toMatch(/[ILOU]/);
    }
  });

  it('use every random byte\'s low 5 bits, so all 32 characters are equally likely', () => {
    const bytes = Uint8Array.from({ length: 12 }, (_, i) => i * 32 + 31 - i); // low bits 31, 30, …
    expect(newCertificateCode(() => bytes)).toBe('ZYXW-VTSR-QPNM');
    expect(newCertificateCode(() => new Uint8Array(12))).toBe('0000-0000-0000');
  });

  it('are read case-insensitively and refused when malformed', () => {
    expect(normaliseCode('  abcd-efgh-jkmn ')).toBe('ABCD-EFGH-JKMN');
    expect(isCertificateCode('ABCD-EFGH-JKMN')).toBe(true);
    expect(isCertificateCode('ABCD-EFGH-JKM')).toBe(false);
    expect(isCertificateCode('ABCD-EFGH-JKMI')).toBe(false); // I is not in the alphabet
    expect(isCertificateCode('../../etc')).toBe(false);
    expect(CertificateCode.parse(' abcd-efgh-jkmn')).toBe('ABCD-EFGH-JKMN');
    expect(CertificateCode.safeParse('abcd').success).toBe(false);
  });
});

describe('eligibility', () => {
  const program = { certificationProgram: true };
  it('only an enrolment with every lesson done earns a certificate', () => {
    expect(eligibleForCertificate({ complete: true, course: program })).toBe(true);
    expect(eligibleForCertificate({ complete: false, course: program })).toBe(false);
    expect(eligibleForCertificate(null)).toBe(false);
  });

  it('only a course flagged as a certification program issues one, however complete', () => {
    expect(eligibleForCertificate({ complete: true, course: { certificationProgram: false } })).toBe(false);
  });
});

describe('badges', () => {
  const none = { liveLessonsCompleted: 0, courseLessonsDone: 0, certificates: 0, highScoreGames: 0 };
  const earned = (facts: Partial<typeof none>) => badgesFrom({ ...none, ...facts }).filter((b) => b.earned).map((b) => b.id);

  it('a newcomer has none, each with how far along they are', () => {
    expect(badgesFrom(none)).toEqual([
      { id: 'first-lesson', current: 0, target: 1, earned: false },
      { id: 'first-course', current: 0, target: 1, earned: false },
      { id: 'quiz-star', current: 0, target: QUIZ_STAR_GAMES, earned: false },
    ]);
  });

  it('first lesson: a live lesson or a course lesson; first course: a certificate', () => {
    expect(earned({ liveLessonsCompleted: 1 })).toEqual(['first-lesson']);
    expect(earned({ courseLessonsDone: 3 })).toEqual(['first-lesson']);
    expect(earned({ courseLessonsDone: 2, certificates: 1 })).toEqual(['first-lesson', 'first-course']);
  });

  it('quiz star at five games of 80% or more, progress capped at the target', () => {
    expect(earned({ highScoreGames: 4 })).toEqual([]);
    expect(badgesFrom({ ...none, highScoreGames: 4 })[2]).toMatchObject({ current: 4, earned: false });
    expect(badgesFrom({ ...none, highScoreGames: 9 })[2]).toMatchObject({ current: 5, earned: true });
  });
});
