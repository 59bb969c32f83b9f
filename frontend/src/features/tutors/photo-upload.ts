/**
 * Profile photo upload (spec §5 upload rules, §8 texts): a client-side pre-check, then the file
 * goes straight to S3 with a presigned POST through XMLHttpRequest, whose upload events drive
 * a progress bar (fetch has no upload progress). The server checks the real type afterwards.
 * Rules and texts are the API's own (functions/uploads/rules.ts, zod-free).
 */
import type { UploadTicket } from '@functions/uploads/contract';
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import {
  ALLOWED_CONTENT_TYPES, checkDeclaredUpload, profilePhotoFailureMessage, uploadMessages,
} from '../../../../functions/uploads/rules';

const PURPOSE = 'profile-photo';

/** The file input's `accept`: the allowed MIME types plus extensions for pickers that only know those. */
export const PHOTO_ACCEPT = [...ALLOWED_CONTENT_TYPES[PURPOSE], '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** The spec §8 reason a file is refused before uploading (the API's own rules), or null. */
export const photoProblem = (file: { name: string; type: string; size: number }): string | null =>
  checkDeclaredUpload(PURPOSE, { fileName: file.name, contentType: file.type, size: file.size });

/** "Error uploading profile photo: {reason}" */
export const photoFailure = profilePhotoFailureMessage;

/** A readable reason from S3's XML error reply (EntityTooLarge → the spec's size message). */
export function s3UploadError(status: number, body: string): string {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? '';
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? '';
  if (code === 'EntityTooLarge') return uploadMessages.tooLarge;
  if (code === 'AccessDenied' && /expired/i.test(message)) return 'The upload link expired. Please try again.';
  if (message) return message;
  return status === 0 ? 'Network error. Please check your connection and try again.' : `Upload failed (HTTP ${status})`;
}

export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAbortedError';
  }
}

/**
 * Sends `file` to the presigned POST target: the policy fields first, then `file` (S3 ignores
 * fields after the file). `onProgress` gets 0…1. Rejects with a readable Error.
 */
export function postToPresignedUrl(
  target: Pick<UploadTicket, 'url' | 'fields'>,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(s3UploadError(xhr.status, xhr.responseText)));
      }
    };
    xhr.onerror = () => reject(new Error(s3UploadError(0, '')));
    xhr.ontimeout = () => reject(new Error('The upload timed out. Please try again.'));
    xhr.onabort = () => reject(new UploadAbortedError());
    if (signal) {
      if (signal.aborted) return reject(new UploadAbortedError());
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
