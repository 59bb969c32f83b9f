import { describe, expect, it } from 'vitest';
import { kshPerHour } from '../../shared/format';
import { gradeShortName, hhmm, initials, monthYear, subjectsPreview } from './format';

describe('tutor display helpers', () => {
  it('shows the first 3 subjects then "+N more"', () => {
    const subjects = ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English'];
    expect(subjectsPreview(subjects)).toEqual({ visible: ['Mathematics', 'Physics', 'Chemistry'], more: 2 });
    expect(subjectsPreview(subjects.slice(0, 4)).more).toBe(1);
    expect(subjectsPreview(subjects.slice(0, 3))).toEqual({ visible: subjects.slice(0, 3), more: 0 });
    expect(subjectsPreview([])).toEqual({ visible: [], more: 0 });
  });

  it('formats rates as KSh on cards', () => {
    expect(kshPerHour(2500)).toBe('KSh 2,500/hr');
    expect(kshPerHour(800)).toBe('KSh 800/hr');
  });

  it('makes initials and cuts seconds off times', () => {
    expect(initials('Otieno', 'Odhiambo')).toBe('OO');
    expect(initials('mary jane', 'wanjiru')).toBe('MW');
    expect(initials('Amina', '')).toBe('A');
    expect(initials('', '')).toBe('');
    expect(hhmm('09:00:00')).toBe('09:00');
    expect(hhmm('17:30')).toBe('17:30');
  });

  it('says "member since" as month and year', () => {
    expect(monthYear('2025-07-14T08:00:00.000Z')).toBe('July 2025');
    expect(monthYear('not a date')).toBe('');
  });
});

describe('gradeShortName', () => {
  it('names a grade with its curriculum, short, in either language', () => {
    expect(gradeShortName('cbc-grade-7', 'en')).toBe('Grade 7 (CBC)');
    expect(gradeShortName('844-form-2', 'sw')).toBe('Kidato cha 2 (8-4-4)');
    expect(gradeShortName('igcse-year-10', 'en')).toBe('Year 10 (IGCSE)');
    expect(gradeShortName('igcse-year-8', 'en')).toBe('Year 8 (IGCSE)');
    expect(gradeShortName('university-year-1', 'sw')).toBe('Mwaka wa 1 (Chuo kikuu)');
    expect(gradeShortName('adult-learner', 'en')).toBe('Adult learner');
    expect(gradeShortName('grade-7', 'en')).toBe('grade-7');
  });
});
