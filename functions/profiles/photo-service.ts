/**
 * Profile photos: the browser uploads into its private staging area with a
 * presigned POST, then registers the key; the server checks the object itself (size, real type
 * from its bytes), publishes it under public/profile-photos/{userId}/ with a 1-hour cache and
 * sets profilePhotoUrl to that same-origin path. Rejected files are deleted.
 */
import { reindexTutorListing } from '../tutors/listing-service.js';
import { announceTutorChange } from '../tutors/page-events.js';
import type { AuthUser } from '../shared/http.js';
import { Forbidden, NotFound, ValidationFailed } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import type { CreateUploadRequest, RegisterUploadRequest, UploadTicket } from '../uploads/contract.js';
import { checkDeclaredUpload, checkStoredUpload } from '../uploads/rules.js';
import {
  createUploadTicket, deleteObject, inspectUpload, keyName, promoteToPublic, PUBLIC_PREFIX, stagingPrefix,
} from '../uploads/storage.js';
import type { Profile } from './contract.js';
import { getProfile, setProfilePhotoUrl } from './repository.js';

const PURPOSE = 'profile-photo';
/** Profile photos are cached for one hour. */
export const PROFILE_PHOTO_CACHE_CONTROL = 'public, max-age=3600';

const publicPhotoPrefix = (userId: string) => `${PUBLIC_PREFIX}profile-photos/${userId}/`;
/** The URL the app serves a public object at (CloudFront /public/* on AWS, the gateway locally). */
const publicUrl = (key: string) => `/${key}`;

export async function requestPhotoUpload(user: AuthUser, input: CreateUploadRequest): Promise<UploadTicket> {
  const problem = checkDeclaredUpload(PURPOSE, input);
  if (problem) throw new ValidationFailed(problem);
  return createUploadTicket({ purpose: PURPOSE, userId: user.id, ...input });
}

export async function setPhoto(user: AuthUser, input: RegisterUploadRequest): Promise<{ profile: Profile }> {
  const { key } = input;
  const prefix = stagingPrefix(PURPOSE, user.id);
  // Only one's own uploads can be registered (and only profile-photo uploads).
  if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) {
    throw new Forbidden('You can only use a photo you uploaded yourself');
  }
  if (!(await getProfile(user.id))) throw new NotFound('Profile not found');

  const object = await inspectUpload(key);
  if (!object) throw new NotFound('Uploaded file not found. Please upload the photo again.');

  const verdict = checkStoredUpload(PURPOSE, {
    size: object.size, declaredType: object.storedType, sniffedType: object.sniffedType,
  });
  if (!verdict.ok) {
    countBusinessEvent(BusinessMetric.uploadRefused);
    logger.info('Rejected profile photo upload', {
      userId: user.id, key, size: object.size, storedType: object.storedType, sniffedType: object.sniffedType,
    });
    await deleteObject(key);
    throw new ValidationFailed(verdict.message);
  }

  const publicKey = `${publicPhotoPrefix(user.id)}${keyName(key)}`;
  try {
    await promoteToPublic(key, publicKey, {
      contentType: verdict.contentType, cacheControl: PROFILE_PHOTO_CACHE_CONTROL, etag: object.etag,
    });
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'PreconditionFailed' || e.$metadata?.httpStatusCode === 412) {
      // The staging object was replaced after it was checked (a ticket can be reused until it expires).
      throw new ValidationFailed('The uploaded file changed while it was being checked. Please try again.');
    }
    throw error;
  }

  const { profile, previousUrl } = await setProfilePhotoUrl(user.id, publicUrl(publicKey));
  const previousKey = previousUrl?.replace(/^\//, '');
  if (previousKey && previousKey !== publicKey && previousKey.startsWith(publicPhotoPrefix(user.id))) {
    // The old photo is no longer referenced; a failure here only leaves an orphan behind.
    await deleteObject(previousKey).catch((error: unknown) =>
      logger.warn('Could not delete the previous profile photo', { key: previousKey, error: error as Error }));
  }
  // Tutors' browse cards show the photo.
  if (profile.role === 'tutor') {
    await reindexTutorListing(user.id);
    await announceTutorChange(user.id, 'photo');
  }
  return { profile };
}
