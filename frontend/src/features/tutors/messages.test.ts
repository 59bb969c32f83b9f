import { describe, expect, it } from 'vitest';
import { tutorNotFound } from '../../../../functions/tutors/contract';
import { profileMessages } from './messages';

describe('public tutor page texts', () => {
  it('match the contract where the contract has them', () => {
    expect(profileMessages.notFound).toBe(tutorNotFound);
  });
});
