import { describe, expect, it } from 'vitest';
import type { Learner } from '@functions/households/contract';
import { activeOf } from './active-learner';

const learner = (id: string): Learner => ({
  id, firstName: id, lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: [], createdAt: '', updatedAt: '',
});

describe('the active learner', () => {
  it('is the child chosen on this device', () => {
    expect(activeOf([learner('a'), learner('b')], 'b')?.id).toBe('b');
  });

  it('is the first child when none is chosen, or the choice is not one of these children', () => {
    expect(activeOf([learner('a'), learner('b')], null)?.id).toBe('a');
    expect(activeOf([learner('a'), learner('b')], 'of-another-account')?.id).toBe('a');
  });

  it('is nobody without children: the parent acts for themselves', () => {
    expect(activeOf([], 'a')).toBeNull();
  });
});
