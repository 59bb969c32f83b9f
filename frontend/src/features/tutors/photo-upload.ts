/**
 * Profile photo upload (spec §5 upload rules, §8 texts): a client-side pre-check, then the file
 * goes straight to S3 with a presigned POST through XMLHttpRequest, whose upload events drive
 * a progress bar (fetch has no upload progress). The server checks the real type afterwards.
 * Rules and texts are the API's own (functions/uploads/rules.ts, zod-free).
 */
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { ALLOWED_CONTENT_TYPES, checkDeclaredUpload, profilePhotoFailureMessage } from '../../../../functions/uploads/rules';

const PURPOSE = 'profile-photo';

/** The file input's `accept`: the allowed MIME types plus extensions for pickers that only know those. */
export const PHOTO_ACCEPT = [...ALLOWED_CONTENT_TYPES[PURPOSE], '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** The spec §8 reason a file is refused before uploading (the API's own rules), or null. */
export const photoProblem = (file: { name: string; type: string; size: number }): string | null =>
  checkDeclaredUpload(PURPOSE, { fileName: file.name, contentType: file.type, size: file.size });

/** "Error uploading profile photo: {reason}" */
export const photoFailure = profilePhotoFailureMessage;

// The upload itself is shared with KYC documents (shared/presigned-upload).
export { s3UploadError, UploadAbortedError } from '../../shared/presigned-upload';
