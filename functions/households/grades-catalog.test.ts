import { describe, expect, it } from 'vitest';
import { CURRICULA, GRADES, gradeBelongsTo, gradeById, gradeName, gradesOf, learnerLevel } from './grades-catalog.js';

const labels = (curriculum: (typeof CURRICULA)[number]) => gradesOf(curriculum).map((g) => g.label.en);

describe('grade catalog', () => {
  it('lists CBC from PP1 to Grade 12, with Junior School 7–9 and Senior School 10–12', () => {
    expect(labels('cbc')).toEqual(['PP1', 'PP2', ...Array.from({ length: 12 }, (_, i) => `Grade ${i + 1}`)]);
    expect(gradesOf('cbc').filter((g) => g.stage === 'junior-school').map((g) => g.label.en)).toEqual(['Grade 7', 'Grade 8', 'Grade 9']);
    expect(gradesOf('cbc').filter((g) => g.stage === 'senior-school').map((g) => g.label.en)).toEqual(['Grade 10', 'Grade 11', 'Grade 12']);
  });

  it('lists 8-4-4 as Form 1 to Form 4, IGCSE up to A Level, and has University and Adult', () => {
    expect(labels('8-4-4')).toEqual(['Form 1', 'Form 2', 'Form 3', 'Form 4']);
    expect(labels('igcse')).toContain('Year 11 (IGCSE)');
    expect(labels('igcse').at(-1)).toBe('Year 13 (A Level)');
    expect(gradesOf('university').length).toBeGreaterThan(0);
    expect(gradesOf('adult').length).toBeGreaterThan(0);
  });

  it('has every grade under one id, in a known curriculum, named in English and Kiswahili', () => {
    expect(new Set(GRADES.map((g) => g.id)).size).toBe(GRADES.length);
    for (const grade of GRADES) {
      expect(CURRICULA).toContain(grade.curriculum);
      expect(grade.label.en.trim()).not.toBe('');
      expect(grade.label.sw.trim()).not.toBe('');
    }
    expect(gradeById('844-form-4')?.label.sw).toBe('Kidato cha 4');
    expect(gradeById('cbc-grade-7')?.label.sw).toBe('Gredi ya 7');
  });

  it('accepts a grade only with its own curriculum', () => {
    expect(gradeBelongsTo('844-form-2', '8-4-4')).toBe(true);
    expect(gradeBelongsTo('844-form-2', 'cbc')).toBe(false);
    expect(gradeBelongsTo('grade-7', 'cbc')).toBe(false);
  });

  it('names a grade with its stage in the reader\'s language', () => {
    expect(gradeName('cbc-grade-8', 'en')).toBe('Grade 8 · Junior School');
    expect(gradeName('cbc-grade-8', 'sw')).toBe('Gredi ya 8 · Shule ya Sekondari ya Chini');
    expect(gradeName('844-form-1', 'sw')).toBe('Kidato cha 1 · Sekondari');
    expect(gradeName('gone', 'en')).toBe('gone');
  });
});

describe('a learner\'s level beside their name', () => {
  it('says grade and curriculum briefly, in the reader\'s language', () => {
    expect(learnerLevel('cbc-grade-7', 'cbc', 'en')).toBe('Grade 7, CBC');
    expect(learnerLevel('844-form-4', '8-4-4', 'sw')).toBe('Kidato cha 4, 8-4-4');
    expect(learnerLevel('university-year-2', 'university', 'sw')).toBe('Mwaka wa 2, Chuo kikuu');
  });
});
