/** The web bucket's record files (pages, share images, gone markers) and the CDN's copies of them. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
 * once per burst of course changes, never by a learner's action); a subject or grade page's file:
 * pk SUBJECTPAGE#{path} (/tutors/…), sk SITEPAGE (written once per burst of changes of its tutors).
 */
export type RenderedRecord = { tutorId: string } | { courseId: string } | { subjectPage: string } | 'course-dashboard';
const renderedKey = (record: RenderedRecord | string) =>
  typeof record === 'string'
    ? (record === 'course-dashboard' ? { pk: 'SITEPAGE', sk: 'COURSE-DASHBOARD' } : { pk: `TUTOR#${record}`, sk: 'SITEPAGE' })
    : 'tutorId' in record ? { pk: `TUTOR#${record.tutorId}`, sk: 'SITEPAGE' }
      : 'courseId' in record ? { pk: `COURSE#${record.courseId}`, sk: 'SITEPAGE' } : { pk: `SUBJECTPAGE#${record.subjectPage}`, sk: 'SITEPAGE' };

/**
 * The subject pages the tutor's last render listed them on (`subjectPages` on their SITEPAGE item):
 * the pages to render again when they leave them (a subject dropped, a suspension), whatever the
 * profile says by then.
 */
export async function listedSubjectPages(tutorId: string): Promise<string[]> {
  const out = await dynamo().send(new GetCommand({
    TableName: config.tableName, Key: renderedKey({ tutorId }), ConsistentRead: true, ProjectionExpression: 'subjectPages',
  }));
  return (out.Item?.subjectPages as string[] | undefined) ?? [];
}

/** After the pages were rendered: the ones the tutor is on now (none for a tutor no longer public). */
export async function setListedSubjectPages(tutorId: string, paths: readonly string[]): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: renderedKey({ tutorId }),
    UpdateExpression: 'SET entity = :entity, subjectPages = :paths', ExpressionAttributeValues: { ':entity': 'SitePage', ':paths': [...paths] },
  }));
}

/** `record`: a tutor's id, or which record. */
export async function lastRenderedAt(record: RenderedRecord | string): Promise<string | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: renderedKey(record), ConsistentRead: true }));
  return out.Item?.renderedAt as string | undefined;
}

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/**
 * The record's render lane (fields on its SITEPAGE item): `leaseOwner` holds it until `leaseUntil`;
 * `dirtyAt` is a change that came while it was held. True when `owner` now holds it.
 */
export async function claimRenderLane(record: RenderedRecord | string, owner: string, now: Date, leaseMs: number): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: renderedKey(record),
      UpdateExpression: 'SET entity = :entity, leaseOwner = :owner, leaseUntil = :until REMOVE dirtyAt',
      ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
      ExpressionAttributeValues: { ':entity': 'SitePage', ':owner': owner, ':until': new Date(now.getTime() + leaseMs).toISOString(), ':now': now.toISOString() },
    }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Leaves a change for the render that holds the lane; false when no render holds it any more. */
export async function markRenderDirty(record: RenderedRecord | string, changedAt: string, now: Date): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: renderedKey(record),
      UpdateExpression: 'SET dirtyAt = :changed', ConditionExpression: 'leaseUntil >= :now',
      ExpressionAttributeValues: { ':changed': changedAt, ':now': now.toISOString() },
    }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The holder's render is written (it began reading at `renderedAt`). 'released': the lane is free;
 * 'dirty': a change came meanwhile, the holder keeps the lane (a new lease) and renders again;
 * 'lost': its lease ran out and another render took the lane (that one reads everything afresh).
 */
export async function finishRender(record: RenderedRecord | string, owner: string, renderedAt: string, now: Date, leaseMs: number): Promise<'released' | 'dirty' | 'lost'> {
  const key = { TableName: config.tableName, Key: renderedKey(record) };
  try {
    await dynamo().send(new UpdateCommand({
      ...key, UpdateExpression: 'SET renderedAt = :at REMOVE leaseOwner, leaseUntil',
      ConditionExpression: 'leaseOwner = :owner AND attribute_not_exists(dirtyAt)',
      ExpressionAttributeValues: { ':at': renderedAt, ':owner': owner },
    }));
    return 'released';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  try {
    await dynamo().send(new UpdateCommand({
      ...key, UpdateExpression: 'SET renderedAt = :at, leaseUntil = :until REMOVE dirtyAt', ConditionExpression: 'leaseOwner = :owner',
      ExpressionAttributeValues: { ':at': renderedAt, ':owner': owner, ':until': new Date(now.getTime() + leaseMs).toISOString() },
    }));
    return 'dirty';
  } catch (error) {
    if (isConditionFailure(error)) return 'lost';
    throw error;
  }
}
