/** Role administration. Roles change only here: Cognito group and profile move together. */
import { addToGroup, findIdentityId, removeFromGroup } from '../auth/identity.js';
import type { Profile } from '../profiles/contract.js';
import { changeRole, getProfile } from '../profiles/repository.js';
import { NotFound } from '../shared/errors.js';
import { reindexTutorListing } from '../tutors/listing-service.js';

/** Makes the account with this e-mail a super admin. `grantedBy` is an admin id or "cli:…". */
export async function grantSuperAdmin(email: string, grantedBy: string, now = new Date()): Promise<Profile> {
  const normalized = email.trim().toLowerCase();
  const userId = await findIdentityId(normalized);
  const profile = userId ? await getProfile(userId) : null;
  if (!userId || !profile) throw new NotFound(`No account with the e-mail ${normalized}`);
  if (profile.role === 'super_admin') return profile;
  await addToGroup(normalized, 'super_admin');
  await changeRole(userId, profile.role, 'super_admin', grantedBy, now.toISOString());
  await removeFromGroup(normalized, profile.role);
  if (profile.role === 'tutor') await reindexTutorListing(userId); // no longer listed
  return { ...profile, role: 'super_admin', adminRequest: 'granted' };
}
