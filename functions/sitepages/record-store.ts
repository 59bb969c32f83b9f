/**
 * CloudFront's KeyValueStore of rendered and gone records (docs/decisions/2026-11-29-record-store.md):
 * `tutor:{id}` / `course:{id}` → `page` | `gone`, and `subject:{subject}[/{grade}]` → `page`, which the
 * viewer-request function reads to serve a record's or subject page's own file or answer 410 (it cannot look into S3). Without a store configured nothing is
 * written (the key is only ever a shortcut to what the bucket already holds).
 *
 * Writes are conditioned on the store's ETag (DescribeKeyValueStore, then PutKey with IfMatch): another
 * consumer's write in between changes the ETag and the put is refused with a conflict; it is tried
 * again with the new ETag. The value is a record's own state, so a retried put never undoes another's.
 */
import { recordStoreKey, type RecordStoreValue } from '../../infra/aws/prerendered-pages.js';
import { keyValueStore } from '../shared/aws/keyvaluestore.js';
import { RECORD_STORE_ARN_ENV } from './files.js';

/** Conflicts tried through before giving up (the message is then redelivered and renders again). */
const ATTEMPTS = 5;

const isConflict = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'ConflictException' || e.$metadata?.httpStatusCode === 409 || e.$metadata?.httpStatusCode === 412;
};

/**
 * Records `value` for the page at `path`: a record's (/tutor-profile/{id}, /courses/{id}) or a subject or
 * grade page's (/tutors/{subject}[/{grade}]); nothing without a store or for a path of neither.
 */
export async function putRecordState(path: string, value: RecordStoreValue): Promise<void> {
  const kvsArn = process.env[RECORD_STORE_ARN_ENV];
  const key = recordStoreKey(path);
  if (!kvsArn || !key) return;
  const { client, sdk } = await keyValueStore();
  for (let attempt = 1; ; attempt += 1) {
    const { ETag } = await client.send(new sdk.DescribeKeyValueStoreCommand({ KvsARN: kvsArn }));
    try {
      await client.send(new sdk.PutKeyCommand({ KvsARN: kvsArn, Key: key, Value: value, IfMatch: ETag }));
      return;
    } catch (error) {
      if (!isConflict(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * The edge caches a record's file under the URI the viewer-request function rewrote the path to
 * (/pages/tutor-profile/{id}.html, .sw.html), so an invalidation names that too, not only the path
 * visitors open: `/pages/tutor-profile/{id}*` (every language and the marker).
 */
export function recordFilesInvalidation(files: { pages: ReadonlyArray<{ files: { gone: string } }> }): string {
  return files.pages[0]!.files.gone.replace(/\.gone$/, '*');
}
