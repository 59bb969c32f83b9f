import { describe, expect, it } from 'vitest';
import { SPECIALIZATIONS, TUTOR_SUBJECTS } from '@functions/tutors/catalog';
import { addFreeText, addPick, remainingOptions, removePick } from './picker';

describe('profile pick lists (exclude picked items, click to remove)', () => {
  it('offers only the items not yet picked, in list order', () => {
    const left = remainingOptions(TUTOR_SUBJECTS, ['Physics', 'Mathematics']);
    expect(left).not.toContain('Physics');
    expect(left).not.toContain('Mathematics');
    expect(left).toHaveLength(TUTOR_SUBJECTS.length - 2);
    expect(left[0]).toBe('Further Mathematics');
    expect(remainingOptions(SPECIALIZATIONS, [...SPECIALIZATIONS])).toEqual([]);
  });

  it('adds a listed item once and ignores repeats and unknown items', () => {
    const once = addPick(TUTOR_SUBJECTS, ['Physics'], 'Chemistry');
    expect(once).toEqual(['Physics', 'Chemistry']);
    expect(addPick(TUTOR_SUBJECTS, once, 'Chemistry')).toEqual(once);
    expect(addPick(TUTOR_SUBJECTS, once, 'Astrology')).toEqual(once);
    expect(addPick(TUTOR_SUBJECTS, once, '')).toEqual(once);
  });

  it('removes the clicked item and nothing else; the removed item is offered again', () => {
    const picked = removePick(['Physics', 'Chemistry', 'Biology'], 'Chemistry');
    expect(picked).toEqual(['Physics', 'Biology']);
    expect(remainingOptions(TUTOR_SUBJECTS, picked)).toContain('Chemistry');
    expect(removePick(picked, 'Kiswahili')).toEqual(picked);
  });

  it('free-text certifications are trimmed, non-empty and not repeated (case-insensitive)', () => {
    let list = addFreeText([], '  TSC   Registered Teacher ');
    expect(list).toEqual(['TSC Registered Teacher']);
    list = addFreeText(list, 'tsc registered teacher');
    expect(list).toHaveLength(1);
    expect(addFreeText(list, '   ')).toEqual(list);
    expect(addFreeText(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });
});
