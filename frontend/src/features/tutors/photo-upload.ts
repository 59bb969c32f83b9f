/**
 * Profile photo upload (spec §5 upload rules, §8 texts): a client-side pre-check, then the file
 * goes straight to S3 with a presigned POST through XMLHttpRequest, whose upload events drive
 * a progress bar (fetch has no upload progress). The server checks the real type afterwards.
 */

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The file input's `accept`: MIME types plus extensions for pickers that only know those. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const BLOCKED_EXTENSIONS = ['.exe', '.bat', '.cmd', '.scr', '.pif', '.com'];

export const uploadMessages = {
  tooLarge: 'File size must be less than 10MB',
  typeNotAllowed: (type: string) => `File type ${type} is not allowed for profile-photos`,
  blocked: 'File type not allowed for security reasons',
  failed: (reason: string) => `Error uploading profile photo: ${reason}`,
} as const;

/** The spec §8 reason a file is refused before uploading, or null when it may be sent. */
export function photoProblem(file: { name: string; type: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (BLOCKED_EXTENSIONS.some((ext) => name.endsWith(ext))) return uploadMessages.blocked;
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return uploadMessages.typeNotAllowed(file.type || 'unknown');
  if (file.size > MAX_PHOTO_BYTES) return uploadMessages.tooLarge;
  if (file.size === 0) return 'The file is empty';
  return null;
}

/** What POST /api/me/profile-photo/upload answers. */
export interface PresignedPhotoUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
  expiresIn: number;
  maxBytes: number;
}

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
  target: Pick<PresignedPhotoUpload, 'url' | 'fields'>,
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
