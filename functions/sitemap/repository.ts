/**
 * What the sitemaps are made of, read from indexes that already exist (no Scan, no items of
 * their own): the browse index's all-tutors partition holds exactly the public tutors, the course
 * catalogue's all-courses partition exactly the published courses. Paged Queries, projected to the
 * id and the last change. Writes the files to the web bucket, which CloudFront serves.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../shared/aws/dynamo.js';
import { s3 } from '../shared/aws/s3.js';
import { config } from '../shared/config.js';
import { WEB_BUCKET_ENV } from './files.js';
import { facetKey, sortPartition } from '../tutors/listing.js';
import { ALL_PUBLISHED_PARTITION } from '../courses/rules.js';

/** One page of a record list: the ids and their last change. */
export interface SitemapRecord { id: string; updatedAt?: string }

const PAGE = 1000;

const TutorEntry = z.object({ tutorId: z.string(), updatedAt: z.string().optional() });
const CourseEntry = z.object({
  id: z.string(), updatedAt: z.string().optional(), publishedAt: z.string().optional(), createdAt: z.string().optional(),
});

async function queryAll<T>(partition: string, projection: string, names: Record<string, string>, parse: (item: unknown) => T): Promise<T[]> {
  const out: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({
      TableName: config.tableName, IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': partition },
      ProjectionExpression: projection, ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      Limit: PAGE, ExclusiveStartKey: startKey,
    }));
    for (const item of page.Items ?? []) out.push(parse(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

/** Every public tutor (listed, not suspended), with when their public profile last changed. */
export async function publicTutors(): Promise<SitemapRecord[]> {
  return queryAll(sortPartition('recommended', facetKey()), 'tutorId, updatedAt', {}, (item) => {
    const t = TutorEntry.parse(item);
    return { id: t.tutorId, ...(t.updatedAt ? { updatedAt: t.updatedAt } : {}) };
  });
}

/** Every published course, with its last change (else its publishing, the last change known). */
export async function publishedCourses(): Promise<SitemapRecord[]> {
  return queryAll(ALL_PUBLISHED_PARTITION, '#id, updatedAt, publishedAt, createdAt', { '#id': 'id' }, (item) => {
    const c = CourseEntry.parse(item);
    const at = c.updatedAt ?? c.publishedAt ?? c.createdAt;
    return { id: c.id, ...(at ? { updatedAt: at } : {}) };
  });
}

/** Crawlers may keep a file an hour; the job rewrites them more often than that. */
const CACHE_CONTROL = 'public, max-age=3600';

/** Set only on the functions holding web:sitemaps (infra/aws/constructs/grants.ts), so not in config.ts. */
function webBucket(): string {
  const bucket = process.env[WEB_BUCKET_ENV];
  if (!bucket) throw new Error(`Missing environment variable ${WEB_BUCKET_ENV}`);
  return bucket;
}

export async function writeWebFile(key: string, body: string, contentType: string): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(new sdk.PutObjectCommand({
    Bucket: webBucket(), Key: key, Body: body, ContentType: contentType, CacheControl: CACHE_CONTROL,
  }));
}
