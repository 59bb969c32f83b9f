/** Pure rules of certificates and badges (no AWS): codes, who may get one, which badges are earned. */
import { randomBytes } from 'node:crypto';
import { BADGE_IDS, BADGES, CODE_ALPHABET, CODE_GROUP_LENGTH, CODE_GROUPS, CODE_PATTERN, type BadgeId } from './catalog.js';

/**
 * A new certificate code, XXXX-XXXX-XXXX: 60 bits from the CSPRNG (one byte per character, its
 * low 5 bits: 256 is a multiple of 32, so every character is equally likely). Unguessable: the
 * public verification route is the only way to test a code.
 */
export function newCertificateCode(random: (n: number) => Uint8Array = randomBytes): string {
  const bytes = random(CODE_GROUPS * CODE_GROUP_LENGTH);
  const chars = Array.from(bytes, (b) => CODE_ALPHABET[b & 31]!);
  const groups: string[] = [];
  for (let i = 0; i < CODE_GROUPS; i++) groups.push(chars.slice(i * CODE_GROUP_LENGTH, (i + 1) * CODE_GROUP_LENGTH).join(''));
  return groups.join('-');
}

/** A code as people type it: case and surrounding spaces do not matter. */
export const normaliseCode = (value: string) => value.trim().toUpperCase();
export const isCertificateCode = (value: string) => CODE_PATTERN.test(value);

/**
 * Whether a CourseCompleted may become a certificate: the course is a certification program (the
 * course form promises a certificate only for those), and the student is enrolled and has done
 * every lesson of the course as it is now (checked again when the event is handled: it may be old).
 */
export const eligibleForCertificate = <T extends { complete: boolean; course: { certificationProgram: boolean } }>(
  completion: T | null,
): completion is T & { complete: true } =>
  completion?.complete === true && completion.course.certificationProgram;

export interface BadgeFacts {
  liveLessonsCompleted: number;
  courseLessonsDone: number;
  certificates: number;
  highScoreGames: number;
}

/** Each badge with how far the learner is (earned at its target). */
export function badgesFrom(facts: BadgeFacts): Array<{ id: BadgeId; current: number; target: number; earned: boolean }> {
  const current: Record<BadgeId, number> = {
    'first-lesson': facts.liveLessonsCompleted + facts.courseLessonsDone,
    'first-course': facts.certificates,
    'quiz-star': facts.highScoreGames,
  };
  return BADGE_IDS.map((id) => {
    const { target } = BADGES[id];
    return { id, current: Math.min(current[id], target), target, earned: current[id] >= target };
  });
}
