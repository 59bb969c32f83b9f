/** Uploading like the browser does (presigned POST), and looking at the bucket directly. */
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { encodePng } from '../../infra/local/demo/avatar.js';
import { stack } from './api.js';

export interface Ticket { url: string; fields: Record<string, string>; key: string; expiresIn: number; maxBytes: number }

export function s3() {
  const { resources } = stack();
  return new S3Client({
    endpoint: resources.endpoint, region: resources.region, forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
}

/** The browser's way: multipart/form-data with the ticket's fields, then the file. */
export async function postUpload(ticket: Ticket, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type }), 'upload');
  return fetch(ticket.url, { method: 'POST', body: form });
}

/** Writes an object straight into the bucket, bypassing the ticket's policy (as an attacker might try). */
export async function putDirect(key: string, bytes: Uint8Array, type: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: key, Body: bytes, ContentType: type }));
}

export async function exists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound') return false;
    throw error;
  }
}

/** The presigned POST policy the server signed (base64 JSON in the `Policy` field). */
export function policyOf(ticket: Ticket): { expiration: string; conditions: unknown[] } {
  const encoded = ticket.fields.Policy ?? ticket.fields.policy;
  return JSON.parse(Buffer.from(encoded!, 'base64').toString('utf8'));
}

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
export const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n% test document\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
export const EXE = new Uint8Array(Buffer.from('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode.'));

/** A valid RGB PNG of noise: it does not compress, so a (throttled) upload takes a moment. */
export function noisePng(width: number, height: number): Buffer {
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])));
  return encodePng(width, height, rows);
}
