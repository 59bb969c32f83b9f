import { describe, expect, it } from 'vitest';
import type { Profile } from '@functions/profiles/contract';
import { changedFields, parseRate, profileFormDefaults } from './profile-form';
import { timeZoneGroups, zoneLabel } from './time-zones';

const profile: Profile = {
  id: 't1', role: 'tutor', accountType: 'tutor', firstName: 'Otieno', lastName: 'Odhiambo',
  email: 'tutor@demo.alp.test', phone: '+254 722 111 222', country: 'Kenya', timeZone: 'Africa/Nairobi',
  expertise: ['Mathematics', 'Astrology'], specializations: ['KCSE Preparation'], preferredSubjects: [],
  certifications: ['TSC Registered'], levels: ['secondary'], createdAt: '2025-07-01T00:00:00Z',
};

describe('Edit Profile form values', () => {
  it('starts from the profile, with empty text for missing fields and no rate as null', () => {
    const values = profileFormDefaults(profile, 'Africa/Nairobi');
    expect(values).toMatchObject({ bio: '', hourlyRate: null, teachingExperience: '', phone: '+254 722 111 222' });
    expect(values.expertise).toEqual(['Mathematics']); // "Astrology" is not on the list
  });

  it('sends only what changed', () => {
    const initial = profileFormDefaults(profile, 'Africa/Nairobi');
    expect(changedFields(initial, initial)).toEqual({});
    const edited = {
      ...initial,
      bio: 'KCSE maths tutor',
      hourlyRate: 3000,
      preferredSubjects: ['Physics' as const],
      levels: ['secondary' as const, 'university' as const],
    };
    expect(changedFields(initial, edited)).toEqual({
      bio: 'KCSE maths tutor', hourlyRate: 3000, preferredSubjects: ['Physics'], levels: ['secondary', 'university'],
    });
    expect(changedFields({ ...initial, hourlyRate: 3000 }, { ...initial, hourlyRate: null })).toEqual({ hourlyRate: null });
  });

  it('parses the hourly rate input as a number; empty means no rate', () => {
    expect(parseRate('2500')).toBe(2500);
    expect(parseRate(2500)).toBe(2500);
    expect(parseRate('')).toBeNull();
    expect(parseRate('abc')).toBeNaN();
  });
});

describe('time zone choices', () => {
  it('puts African zones in their own group and always offers the current zone', () => {
    const groups = timeZoneGroups('Mars/Olympus', ['Europe/London', 'Africa/Nairobi', 'Africa/Lagos']);
    expect(groups.africa).toEqual(['Africa/Lagos', 'Africa/Nairobi']);
    expect(groups.other).toEqual(['Europe/London', 'Mars/Olympus', 'UTC']);
    expect(timeZoneGroups('Africa/Nairobi').africa).toContain('Africa/Nairobi');
    expect(zoneLabel('Africa/Dar_es_Salaam')).toBe('Africa / Dar es Salaam (EAT)');
  });
});
