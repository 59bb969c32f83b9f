import { describe, expect, it } from 'vitest';
import { AddAvailabilityRequest, BrowseQuery, UpdateProfileRequest } from './contract.js';
import { availabilityMessages, availabilityProblem, AVAILABILITY_HOURS } from './catalog.js';

describe('BrowseQuery', () => {
  it('takes only base64url cursors, as the API hands them out (so a documented cursor always fits in a URL)', () => {
    expect(BrowseQuery.safeParse({ cursor: 'eyJwIjoiTElTVElORyJ9' }).success).toBe(true);
    const foreign = BrowseQuery.safeParse({ cursor: 'Ôhu\u{F4BBA}'.repeat(500) });
    expect(foreign.success).toBe(false);
    expect(foreign.error?.issues[0]?.message).toBe('This list has changed. Please search again.');
  });
});

describe('grades', () => {
  it('browses by a catalog grade and curriculum, and refuses a grade of another curriculum', () => {
    expect(BrowseQuery.parse({ grade: 'cbc-grade-7', curriculum: 'cbc' })).toMatchObject({ grade: 'cbc-grade-7', curriculum: 'cbc' });
    expect(BrowseQuery.safeParse({ grade: 'cbc-grade-13' }).error?.issues[0]?.message).toBe('Choose grades from the list');
    expect(BrowseQuery.safeParse({ grade: '844-form-2', curriculum: 'cbc' }).error?.issues[0]?.message)
      .toBe('That grade is not part of the chosen curriculum');
  });
  it('lets a tutor state catalog grades once each', () => {
    expect(UpdateProfileRequest.safeParse({ grades: ['cbc-grade-7', 'igcse-year-10'] }).success).toBe(true);
    expect(UpdateProfileRequest.safeParse({ grades: ['grade-7'] }).success).toBe(false);
    expect(UpdateProfileRequest.safeParse({ grades: ['cbc-grade-7', 'cbc-grade-7'] }).error?.issues[0]?.message)
      .toBe('Each grade can be picked once');
  });
});

describe('a new weekly slot, checked without zod on the availability page', () => {
  it('agrees with the request schema on every pair of whole hours and on times outside them', () => {
    const times = [...AVAILABILITY_HOURS, '07:00', '21:00', '09:30'];
    for (const startTime of times) {
      for (const endTime of times) {
        const parsed = AddAvailabilityRequest.safeParse({ dayOfWeek: 1, startTime, endTime });
        const problem = availabilityProblem({ startTime, endTime });
        expect(problem === null, `${startTime}–${endTime}`).toBe(parsed.success);
        if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toContain(problem);
      }
    }
  });

  it('says which rule is broken', () => {
    expect(availabilityProblem({ startTime: '10:00', endTime: '09:00' })).toBe(availabilityMessages.endAfterStart);
    expect(availabilityProblem({ startTime: '10:00', endTime: '10:00' })).toBe(availabilityMessages.endAfterStart);
    expect(availabilityProblem({ startTime: '07:00', endTime: '09:00' })).toBe(availabilityMessages.hoursOnly);
    expect(availabilityProblem({ startTime: '09:00', endTime: '10:00' })).toBeNull();
  });
});
