/**
 * Browser → S3 uploads through a presigned POST (profile photos, KYC documents): ask the API for
 * a ticket, then send the file with XMLHttpRequest, whose upload events drive a progress bar
 * (fetch has no upload progress). The feature then registers the ticket's key with its own API
 * call, and the server checks the stored object (size, real type) before using it.
 */
import type { UploadTicket } from '@functions/uploads/contract';
import { callApi } from './api';
import { activeLanguage } from './i18n/language';
import { apiText } from './messages/text';

/**
 * A readable reason from S3's XML error reply (EntityTooLarge → the spec's size message), in the
 * active language. S3's own <Message> is English only: shown to English readers as it is, and as
 * the failed status to the others.
 */
export function s3UploadError(status: number, body: string): string {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? '';
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? '';
  if (code === 'EntityTooLarge') return apiText('upload.tooLarge');
  if (code === 'AccessDenied' && /expired/i.test(message)) return apiText('upload.expired');
  if (message && activeLanguage() === 'en') return message;
  return status === 0 ? apiText('networkError') : apiText('upload.failed', { status });
}

export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAbortedError';
  }
}

/** Storage refused or lost the file; `message` is a readable reason (see s3UploadError). */
export class StorageUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUploadError';
  }
}

/**
 * Sends `file` to the presigned POST target: the policy fields first, then `file` (S3 ignores
 * fields after the file). `onProgress` gets 0…1. Rejects with a StorageUploadError or an
 * UploadAbortedError.
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
        reject(new StorageUploadError(s3UploadError(xhr.status, xhr.responseText)));
      }
    };
    xhr.onerror = () => reject(new StorageUploadError(s3UploadError(0, '')));
    xhr.ontimeout = () => reject(new StorageUploadError(apiText('upload.timedOut')));
    xhr.onabort = () => reject(new UploadAbortedError());
    if (signal) {
      if (signal.aborted) return reject(new UploadAbortedError());
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** The routes that issue upload tickets (functions/<domain>/routes.ts). */
export type TicketRoute = 'createProfilePhotoUpload' | 'createKycUpload' | 'createCourseUpload';

/**
 * Asks the `ticketRoute` for a presigned POST for `file` (the API checks name, type and size
 * first and answers 400 with the spec's text), then uploads it with progress. Resolves with the
 * ticket, whose `key` the caller registers with its feature.
 */
export async function uploadWithTicket(
  ticketRoute: TicketRoute,
  file: File,
  /** What the API is told the file is (File.type, or a type inferred from its extension). */
  contentType: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadTicket> {
  const ticket = await callApi(ticketRoute, { body: { fileName: file.name, contentType, size: file.size }, signal });
  // The ticket's fields carry the declared Content-Type, which its policy pins.
  await postToPresignedUrl(ticket, file, onProgress, signal);
  return ticket;
}
