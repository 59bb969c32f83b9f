/** The web bucket's record files (pages, share images, gone markers) and the CDN's copies of them. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { s3 } from '../shared/aws/s3.js';
import { cloudFront } from '../shared/aws/cloudfront.js';
import { WEB_BUCKET_ENV } from '../sitemap/files.js';
import { DISTRIBUTION_ID_ENV } from './files.js';

/**
 * The edge keeps a page long (docs/decisions/2026-11-28-record-pages.md: invalidated on change, not
 * expired); a browser revalidates every time, so a changed profile shows on the next visit.
 */
const CACHE_CONTROL = 'public, max-age=0, s-maxage=31536000, must-revalidate';

/** Set on the functions that write record pages (infra/aws/constructs/grants.ts) and locally, so not in config.ts. */
function webBucket(): string {
  const bucket = process.env[WEB_BUCKET_ENV];
  if (!bucket) throw new Error(`Missing environment variable ${WEB_BUCKET_ENV}`);
  return bucket;
}

/** `path` is the site path (/pages/…); the key is the same without its leading slash. */
const keyOf = (path: string) => path.replace(/^\/+/, '');

export async function putWebFile(path: string, body: string | Uint8Array, contentType: string): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(new sdk.PutObjectCommand({ Bucket: webBucket(), Key: keyOf(path), Body: body, ContentType: contentType, CacheControl: CACHE_CONTROL }));
}

/** Deleting a key that is not there succeeds (S3), so a replay deletes nothing twice. */
export async function deleteWebFiles(paths: readonly string[]): Promise<void> {
  const { client, sdk } = await s3();
  await Promise.all(paths.map((path) => client.send(new sdk.DeleteObjectCommand({ Bucket: webBucket(), Key: keyOf(path) }))));
}

/**
 * Drops the CDN's copies of the paths visitors open (not the bucket keys). Without a distribution
 * (locally) there is none to drop. The caller reference is the paths and `version` (the change's
 * time), so a redelivered message makes no second invalidation of the same change.
 */
export async function invalidatePaths(paths: readonly string[], version: string): Promise<void> {
  const distributionId = process.env[DISTRIBUTION_ID_ENV];
  if (!distributionId || !paths.length) return;
  const { client, sdk } = await cloudFront();
  await client.send(new sdk.CreateInvalidationCommand({
    DistributionId: distributionId,
    InvalidationBatch: { CallerReference: `${paths[0]}@${version}`.slice(0, 128), Paths: { Quantity: paths.length, Items: [...paths] } },
  }));
}

/** Photos larger than this are left out of the card (initials instead): profile photos are capped far below it. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/**
 * A tutor's published profile photo (/public/… in the uploads bucket, served by CloudFront /public/*),
 * for their share image; none for another URL, a missing object or one too large.
 */
export async function readPublicPhoto(url: string | undefined, uploadsBucket: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  if (!url?.startsWith('/public/') || url.includes('..')) return undefined;
  const { client, sdk } = await s3();
  try {
    const object = await client.send(new sdk.GetObjectCommand({ Bucket: uploadsBucket, Key: decodeURIComponent(url.slice(1)) }));
    if ((object.ContentLength ?? 0) > MAX_PHOTO_BYTES || !object.Body) return undefined;
    return { bytes: await object.Body.transformToByteArray(), contentType: object.ContentType ?? 'application/octet-stream' };
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
}

/**
 * When a record's page files were last made (the time their reading began): pk TUTOR#{id} or
 * COURSE#{id}, sk SITEPAGE; the course catalogue's file: pk SITEPAGE, sk COURSE-DASHBOARD (written
 * once per burst of course changes, never by a learner's action).
 */
export type RenderedRecord = { tutorId: string } | { courseId: string } | 'course-dashboard';
const renderedKey = (record: RenderedRecord | string) =>
  typeof record === 'string'
    ? (record === 'course-dashboard' ? { pk: 'SITEPAGE', sk: 'COURSE-DASHBOARD' } : { pk: `TUTOR#${record}`, sk: 'SITEPAGE' })
    : 'tutorId' in record ? { pk: `TUTOR#${record.tutorId}`, sk: 'SITEPAGE' } : { pk: `COURSE#${record.courseId}`, sk: 'SITEPAGE' };

/** `record`: a tutor's id, or which record. */
export async function lastRenderedAt(record: RenderedRecord | string): Promise<string | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: renderedKey(record), ConsistentRead: true }));
  return out.Item?.renderedAt as string | undefined;
}

export async function markRendered(record: RenderedRecord | string, renderedAt: string): Promise<void> {
  await dynamo().send(new PutCommand({
    TableName: config.tableName, Item: { ...renderedKey(record), entity: 'SitePage', renderedAt },
    // Never moves back: of two renders finishing out of order, the later start stays.
    ConditionExpression: 'attribute_not_exists(renderedAt) OR renderedAt < :at', ExpressionAttributeValues: { ':at': renderedAt },
  })).catch((error: Error) => { if (error.name !== 'ConditionalCheckFailedException') throw error; });
}
