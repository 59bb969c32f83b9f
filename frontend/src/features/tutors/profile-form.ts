/**
 * The tutor's Edit Profile form: starting values from the profile, and the PATCH body with only
 * what changed (so a save never overwrites a field the form did not touch). Pure, unit-tested.
 */
import type { Profile } from '@functions/profiles/contract';
import type { PersonalFields, TutorFields, UpdateProfileRequest } from '@functions/tutors/contract';
import type * as z from 'zod';
import { DEFAULT_MIN_NOTICE_HOURS, LEVELS, SPECIALIZATIONS, TUTOR_SUBJECTS } from '@functions/tutors/catalog';
import { GRADE_IDS } from '@functions/households/grades-catalog';

/** Everything the form edits: the contract's personal and tutor fields, all present. */
export type ProfileFormValues = z.output<typeof PersonalFields> & z.output<typeof TutorFields>;

const only = <T extends string>(list: readonly T[], values: readonly string[]): T[] =>
  values.filter((value): value is T => (list as readonly string[]).includes(value));

export function profileFormDefaults(profile: Profile, fallbackTimeZone: string): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    country: profile.country,
    bio: profile.bio ?? '',
    hourlyRate: profile.hourlyRate ?? null,
    minNoticeHours: profile.minNoticeHours ?? DEFAULT_MIN_NOTICE_HOURS,
    trialLesson: profile.trialLesson ?? null,
    teachingExperience: profile.teachingExperience ?? '',
    educationBackground: profile.educationBackground ?? '',
    // Values outside today's lists (older data) can't be saved back; the pickers drop them.
    expertise: only(TUTOR_SUBJECTS, profile.expertise),
    specializations: only(SPECIALIZATIONS, profile.specializations),
    preferredSubjects: only(TUTOR_SUBJECTS, profile.preferredSubjects),
    levels: only(LEVELS, profile.levels),
    grades: only(GRADE_IDS, profile.grades ?? []),
    certifications: [...profile.certifications],
    timeZone: profile.timeZone || fallbackTimeZone,
  };
}

/** The number input's value: empty means "no rate set" (null), anything else a number (maybe NaN). */
export const parseRate = (raw: unknown): number | null =>
  raw === '' || raw === null || raw === undefined ? null : typeof raw === 'number' ? raw : Number(raw);

/** Fields whose value differs from the starting values, as a PATCH body (empty: nothing changed). */
export function changedFields(initial: ProfileFormValues, values: ProfileFormValues): UpdateProfileRequest {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(values) as Array<keyof ProfileFormValues>) {
    if (JSON.stringify(values[key]) !== JSON.stringify(initial[key])) body[key] = values[key];
  }
  return body as UpdateProfileRequest;
}
