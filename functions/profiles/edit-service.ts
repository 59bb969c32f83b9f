/** Profile rules: who may change which fields of their own profile. */
import type { AuthUser } from '../shared/http.js';
import { Forbidden, NotFound } from '../shared/errors.js';
import { reindexTutorListing } from '../tutors/listing-service.js';
import { announceTutorChange } from '../tutors/page-events.js';
import { profileMessages, TUTOR_ONLY_FIELDS, type UpdateProfileRequest } from '../tutors/contract.js';
import type { Profile } from './contract.js';
import { updateProfileFields } from './repository.js';

/**
 * Users change only their own profile (the id comes from the token, never from the body).
 * Teaching fields belong to tutors; a student sending one is refused rather than ignored.
 */
export async function updateMyProfile(user: AuthUser, changes: UpdateProfileRequest): Promise<Profile> {
  const isTutor = user.groups.includes('tutor');
  const tutorFieldsSent = TUTOR_ONLY_FIELDS.filter((f) => changes[f] !== undefined);
  if (tutorFieldsSent.length && !isTutor) throw new Forbidden(profileMessages.tutorOnly);
  const profile = await updateProfileFields(user.id, changes);
  if (!profile) throw new NotFound('Profile not found');
  if (isTutor) {
    await reindexTutorListing(user.id);
    await announceTutorChange(user.id, 'profile');
  }
  return profile;
}
