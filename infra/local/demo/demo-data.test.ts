/** The demo data a newcomer sees: thirty different tutors, pictures of their own, the same on every run. */
import { describe, expect, it } from 'vitest';
import { avatarPng } from './avatar.js';
import { wrapText } from './bitmap-font.js';
import { bannerPng, demoCourses } from './courses.js';
import { demoReviews } from './reviews.js';
import { GRADE_IDS } from '../../../functions/households/grades-catalog.js';
import { demoTutors } from './tutors.js';

const distinct = (values: string[]) => new Set(values).size;

describe('demo tutors', () => {
  it('are thirty, each with a headline, bio, teaching history and education of their own', () => {
    expect(demoTutors).toHaveLength(30);
    expect(distinct(demoTutors.map((t) => t.bio.split('\n')[0]!))).toBe(30);
    expect(distinct(demoTutors.map((t) => t.bio))).toBe(30);
    expect(distinct(demoTutors.map((t) => t.teachingExperience))).toBe(30);
    expect(distinct(demoTutors.map((t) => t.educationBackground))).toBeGreaterThan(25);
  });

  it('teach grades of the catalog, some the CBC Grade 7 a parent\'s child is in and some not', () => {
    for (const tutor of demoTutors) {
      expect(tutor.grades.length).toBeGreaterThan(0);
      for (const grade of tutor.grades) expect(GRADE_IDS).toContain(grade);
    }
    const grade7 = demoTutors.filter((t) => t.grades.includes('cbc-grade-7')).length;
    expect(grade7).toBeGreaterThan(3);
    expect(grade7).toBeLessThan(demoTutors.length);
  });

  it('each get a portrait of their own (initials on their colour), the same bytes on every run', () => {
    const portraits = demoTutors.map((t, i) => avatarPng(i, t.firstName, t.lastName).toString('base64'));
    expect(distinct(portraits)).toBe(30);
    expect(avatarPng(3, 'Kevin', 'Kiprop').equals(avatarPng(3, 'Kevin', 'Kiprop'))).toBe(true);
  });
});

describe('demo course banners', () => {
  it('differ by course (title and colour, no English subject baked in), and are the same on every run', () => {
    const banners = demoCourses.map((c, i) => bannerPng(i, c.title).toString('base64'));
    expect(distinct(banners)).toBe(demoCourses.length);
    expect(bannerPng(0, 'Algebra').equals(bannerPng(0, 'Algebra'))).toBe(true);
    expect(bannerPng(0, 'Algebra').equals(bannerPng(0, 'Geometry'))).toBe(false);
  });

  it('wrap a long title into lines that fit, cutting the last with dots', () => {
    expect(wrapText('Financial Literacy: Budgeting, Saving and M-Pesa', 16, 4)).toEqual(['Financial', 'Literacy:', 'Budgeting,', 'Saving and...']);
    expect(wrapText('one two three four five six seven eight nine ten', 9, 2)).toEqual(['one two', 'three...']);
  });
});

describe('demo reviews', () => {
  it('name verified demo tutors, and some consent to the home page', () => {
    for (const review of demoReviews) expect(demoTutors[review.tutor]?.verified).toBe(true);
    expect(demoReviews.filter((r) => r.consent).length).toBeGreaterThanOrEqual(3);
  });
});
