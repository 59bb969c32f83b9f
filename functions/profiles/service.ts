/**
 * Profiles as other domains read and change them, and the caller's own profile. A user's edits
 * (edit-service.ts, photo-service.ts) also rebuild the tutor listing, which reads profiles from
 * here: they live beside this file so that the listing and this file do not import each other.
 */
import type { AuthUser } from '../shared/http.js';
import { NotFound } from '../shared/errors.js';
import type { Profile } from './contract.js';
import { getProfile } from './repository.js';

/**
 * What other domains may read and change of profiles: they call these, never the repository
 * (the lint rule in eslint.config.js). The counters a change moves are written with it.
 */
export {
  approveTutorKyc, changeRole, createProfile, findUserIds, getProfile, getProfiles, newestProfiles, pendingAdminRequestIds, setSuspension,
} from './repository.js';

/**
 * The caller's own profile. Its role changes together with the Cognito groups (admin grants), so
 * it is current even while the caller's token still carries the groups it was issued with.
 */
export async function myProfile(user: AuthUser): Promise<Profile> {
  const profile = await getProfile(user.id);
  if (!profile) throw new NotFound('Profile not found');
  return profile;
}
