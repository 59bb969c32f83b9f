/**
 * S3 side of uploads, one private bucket (UPLOADS_BUCKET):
 *   staging/{purpose}/{userId}/{timestamp}_{safeName}   where browsers upload (presigned POST), private,
 *                                                        expired after 1 day by a lifecycle rule
 *   public/…                                            published media, served by CloudFront /public/*
 *   everything else (KYC documents …)                   private, read with presigned GETs
 * The browser never chooses a key: tickets pin it, and features re-check objects before using them.
 */
import { s3 } from '../shared/aws/s3.js';
import { config } from '../shared/config.js';
import type { UploadTicket } from './contract.js';
import {
  MAX_UPLOAD_BYTES, normalizeContentType, RETENTION_TAG, sanitizeFileName, sniffContentType, type SniffedType, type UploadPurpose,
} from './rules.js';

/** Seconds a presigned POST stays valid. */
export const UPLOAD_TICKET_TTL_SECONDS = 600;
/** Bytes read from the start of an object to tell its real type. */
const SNIFF_BYTES = 32;

export const STAGING_PREFIX = 'staging/';
export const PUBLIC_PREFIX = 'public/';

/** Where a user's uploads for a purpose are staged; a registered key must start with this. */
export const stagingPrefix = (purpose: UploadPurpose, userId: string) => `${STAGING_PREFIX}${purpose}/${userId}/`;

/** "{timestamp}_{safeName}", the object name every upload gets. */
export const timestampedName = (fileName: string, now: Date = new Date()) => `${now.getTime()}_${sanitizeFileName(fileName)}`;

/** The last segment of a key ("staging/…/1712_photo.png" → "1712_photo.png"). */
export const keyName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

export interface TicketInput {
  purpose: UploadPurpose;
  userId: string;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * A presigned POST for exactly one staging key: 1 byte to 10 MB, Content-Type equal to the
 * declared type, valid 600 s. (The emulator does not enforce POST policies; AWS does, and the
 * server re-checks every object anyway.)
 */
export async function createUploadTicket(input: TicketInput, now: Date = new Date()): Promise<UploadTicket> {
  const key = `${stagingPrefix(input.purpose, input.userId)}${timestampedName(input.fileName, now)}`;
  const contentType = normalizeContentType(input.contentType);
  // The presigner packages load on first use, like the client (shared/aws/lazy.ts).
  const [{ client }, { createPresignedPost }] = await Promise.all([s3(), import('@aws-sdk/s3-presigned-post')]);
  const { url, fields } = await createPresignedPost(client, {
    Bucket: config.uploadsBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, MAX_UPLOAD_BYTES],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_TICKET_TTL_SECONDS,
  });
  return { url, fields, key, expiresIn: UPLOAD_TICKET_TTL_SECONDS, maxBytes: MAX_UPLOAD_BYTES };
}

export interface InspectedUpload {
  size: number;
  /** The Content-Type stored with the object (the declared one; the POST policy pins it). */
  storedType: string | undefined;
  /** The type its first bytes show, or null when none of the known signatures match. */
  sniffedType: SniffedType | null;
  /** The version inspected: publishing copies only this one (a ticket can be reused until it expires). */
  etag: string | undefined;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  // Without s3:ListBucket, S3 answers 403 (not 404) for a key that does not exist; the roles here
  // hold s3:GetObject on every key of the bucket, so a 403 on HeadObject means "no such object".
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404
    || e.$metadata?.httpStatusCode === 403;
};

/** Size, stored type and real type of an object, or null when it does not exist. */
export async function inspectUpload(key: string): Promise<InspectedUpload | null> {
  const bucket = config.uploadsBucket;
  const { client, sdk } = await s3();
  let head;
  try {
    head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const size = head.ContentLength ?? 0;
  let sniffedType: SniffedType | null = null;
  if (size > 0) {
    let out;
    try {
      out = await client.send(new sdk.GetObjectCommand({
        Bucket: bucket, Key: key, Range: `bytes=0-${SNIFF_BYTES - 1}`, IfMatch: head.ETag,
      }));
    } catch (error) {
      // Gone between the two reads: a concurrent registration of the same upload finished and
      // removed it. Missing, as if the HEAD had found nothing (the caller looks for its result).
      if (isMissing(error)) return null;
      throw error;
    }
    const bytes = await out.Body!.transformToByteArray();
    sniffedType = sniffContentType(bytes.subarray(0, SNIFF_BYTES));
  }
  return {
    size,
    storedType: head.ContentType ? normalizeContentType(head.ContentType) : undefined,
    sniffedType,
    etag: head.ETag,
  };
}

/** Whether an object is stored under `key` (one HeadObject). */
export async function objectExists(key: string): Promise<boolean> {
  const { client, sdk } = await s3();
  try {
    await client.send(new sdk.HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

export async function deleteObject(key: string): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
}

export interface PromoteOptions {
  contentType: string;
  cacheControl: string;
  /** The ETag that was inspected: the copy fails (412) if the staging object changed since. */
  etag?: string;
}

/**
 * Moves a checked staging object to its final key with the given type and cache policy (metadata
 * replaced, not copied from the upload), then removes the staging copy. With `etag`, the copy
 * fails (412) if the staging object changed after it was checked.
 */
export async function storeCheckedUpload(stagingKey: string, finalKey: string, options: PromoteOptions): Promise<void> {
  await copyCheckedUpload(stagingKey, finalKey, options);
  await deleteObject(stagingKey);
}

/** The copy half of storeCheckedUpload, for callers that delete the staging object later themselves. */
export async function copyCheckedUpload(stagingKey: string, finalKey: string, options: PromoteOptions): Promise<void> {
  const bucket = config.uploadsBucket;
  const { client, sdk } = await s3();
  await client.send(new sdk.CopyObjectCommand({
    Bucket: bucket,
    Key: finalKey,
    CopySource: `${bucket}/${encodeURIComponent(stagingKey).replace(/%2F/g, '/')}`,
    CopySourceIfMatch: options.etag,
    MetadataDirective: 'REPLACE',
    ContentType: options.contentType,
    CacheControl: options.cacheControl,
  }));
}

/** Publishes a checked staging object under public/ (served by CloudFront /public/*). */
export async function promoteToPublic(stagingKey: string, publicKey: string, options: PromoteOptions): Promise<void> {
  if (!publicKey.startsWith(PUBLIC_PREFIX)) throw new Error(`Not a public key: ${publicKey}`);
  await storeCheckedUpload(stagingKey, publicKey, options);
}

/**
 * Rewrites a private object in place carrying the retention tag: the copy is a new object, so the
 * lifecycle rule's days count from now, not from the upload (S3 ages objects by creation). The
 * content, its type and metadata stay; the previous version becomes noncurrent and expires under
 * the bucket's old-versions rule.
 */
export async function retainFromNow(key: string, tagValue: string, now: Date = new Date()): Promise<void> {
  const bucket = config.uploadsBucket;
  const { client, sdk } = await s3();
  const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
  await client.send(new sdk.CopyObjectCommand({
    Bucket: bucket,
    Key: key,
    CopySource: `${bucket}/${encodeURIComponent(key).replace(/%2F/g, '/')}`,
    CopySourceIfMatch: head.ETag,
    // S3 copies an object onto itself only when something besides its tags changes.
    MetadataDirective: 'REPLACE',
    Metadata: { ...head.Metadata, 'retained-from': now.toISOString() },
    ContentType: head.ContentType,
    ...(head.ContentDisposition ? { ContentDisposition: head.ContentDisposition } : {}),
    ...(head.CacheControl ? { CacheControl: head.CacheControl } : {}),
    TaggingDirective: 'REPLACE',
    Tagging: `${RETENTION_TAG.key}=${tagValue}`,
  }));
}

export const isPreconditionFailed = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'PreconditionFailed' || e.$metadata?.httpStatusCode === 412;
};

/**
 * A presigned GET for a private object; the link works for `expiresIn` seconds. `attachment`
 * makes the browser save the file instead of opening it in place of the page.
 */
export async function signedDownloadUrl(
  key: string, expiresIn: number, fileName?: string, disposition: 'inline' | 'attachment' = 'inline', signingDate?: Date,
): Promise<string> {
  const [{ client, sdk }, { getSignedUrl }] = await Promise.all([s3(), import('@aws-sdk/s3-request-presigner')]);
  return getSignedUrl(client, new sdk.GetObjectCommand({
    Bucket: config.uploadsBucket,
    Key: key,
    ...(fileName ? { ResponseContentDisposition: `${disposition}; filename="${fileName.replace(/"/g, '')}"` } : {}),
  }), { expiresIn, ...(signingDate ? { signingDate } : {}) });
}

/** Writes a file the platform makes itself (not a user upload) as a private object. */
export async function putPrivateObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  if (key.startsWith(PUBLIC_PREFIX) || key.startsWith(STAGING_PREFIX)) throw new Error(`Not a private key: ${key}`);
  const { client, sdk } = await s3();
  await client.send(new sdk.PutObjectCommand({
    Bucket: config.uploadsBucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'private, no-store',
  }));
}
