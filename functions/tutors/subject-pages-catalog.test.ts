import { describe, expect, it } from 'vitest';
import { subjectPageAt, subjectPagePathsOf } from './subject-pages-catalog';

describe('the subject pages a tutor is listed on', () => {
  it('are the pages of their subjects, the exam pages of the curricula of their grades and the pages of those grades', () => {
    expect(subjectPagePathsOf({ subjects: ['Chemistry', 'Swimming'], grades: ['844-form-4'] })).toEqual([
      '/tutors/chemistry', '/tutors/kcse-chemistry', '/tutors/kcse-chemistry/844-form-4',
    ]);
  });

  it('are only the plain subject pages for a tutor who stated no grades', () => {
    expect(subjectPagePathsOf({ subjects: ['Mathematics', 'Physics'] })).toEqual(['/tutors/mathematics', '/tutors/physics']);
  });

  it('are none for a tutor of no subject', () => {
    expect(subjectPagePathsOf({ subjects: [], grades: ['cbc-grade-7'] })).toEqual([]);
  });
});

describe('the subject page at a path', () => {
  it('is the subject or grade page, and none for a path of no page', () => {
    expect(subjectPageAt('/tutors/chemistry')).toMatchObject({ slug: 'chemistry', subject: 'Chemistry' });
    expect(subjectPageAt('/tutors/kcse-chemistry/844-form-4')).toMatchObject({ subject: 'Chemistry', grade: { id: '844-form-4' } });
    for (const path of ['/tutors/no-such-subject', '/tutors/kcse-chemistry/cbc-grade-7', '/tutors/chemistry/844-form-4', '/browse-tutors']) {
      expect(subjectPageAt(path)).toBeUndefined();
    }
  });
});
