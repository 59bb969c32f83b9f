import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putRecordState } from './record-store';

const ARN = 'arn:aws:cloudfront::000000000000:key-value-store/test-store';

/** A store speaking the KVS wire format: every write changes the ETag; the first `conflicts` puts are refused as stale. */
function storeServer(conflicts: number) {
  const writes: Array<{ method: string; url: string; ifMatch: string | undefined; body: string; signed: string }> = [];
  let etag = 1;
  let refuse = conflicts;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json', etag: `E${etag}` });
        res.end(JSON.stringify({ KvsARN: decodeURIComponent(req.url!.split('/')[2]!), ItemCount: 0, TotalSizeInBytes: 0, Created: 1 }));
        return;
      }
      writes.push({ method: req.method!, url: req.url!, ifMatch: req.headers['if-match'], body, signed: String(req.headers.authorization).split(' ')[0]! });
      if (refuse > 0 || req.headers['if-match'] !== `E${etag}`) {
        refuse -= 1;
        etag += 1; // another writer got in first
        res.writeHead(409, { 'content-type': 'application/json', 'x-amzn-errortype': 'ConflictException' });
        res.end(JSON.stringify({ Message: 'Pre-condition failed: ETag mismatch' }));
        return;
      }
      etag += 1;
      res.writeHead(200, { 'content-type': 'application/json', etag: `E${etag}` });
      res.end(JSON.stringify({ ItemCount: 1, TotalSizeInBytes: 10 }));
    });
  });
  return { server, writes };
}

describe('the record pages\' store writer', () => {
  const { server, writes } = storeServer(2);
  const saved = { ...process.env };
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      RECORD_PAGES_STORE_ARN: ARN, RECORD_STORE_ENDPOINT: `http://localhost:${(server.address() as AddressInfo).port}`,
      AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test',
    });
  });
  afterAll(() => {
    process.env = saved;
    server.close();
  });

  it('puts the record\'s state with the store\'s ETag, signed SigV4A, trying again after a conflict', async () => {
    await putRecordState('/tutor-profile/t-1', 'gone');
    expect(writes).toHaveLength(3);
    expect(writes.map((w) => w.ifMatch)).toEqual(['E1', 'E2', 'E3']);
    for (const w of writes) {
      expect(w).toMatchObject({ method: 'PUT', url: `/key-value-stores/${encodeURIComponent(ARN)}/keys/${encodeURIComponent('tutor:t-1')}`, signed: 'AWS4-ECDSA-P256-SHA256' });
      expect(JSON.parse(w.body)).toEqual({ Value: 'gone' });
    }
  });

  it('puts a subject or grade page\'s key, the path after /tutors/', async () => {
    writes.length = 0;
    await putRecordState('/tutors/chemistry', 'page');
    await putRecordState('/tutors/kcse-chemistry/844-form-4', 'page');
    expect(writes.map((w) => decodeURIComponent(w.url.split('/keys/')[1]!))).toEqual(['subject:chemistry', 'subject:kcse-chemistry/844-form-4']);
    expect(writes.map((w) => JSON.parse(w.body))).toEqual([{ Value: 'page' }, { Value: 'page' }]);
  });

  it('writes nothing for a path of no record or subject page', async () => {
    writes.length = 0;
    await putRecordState('/tutor-profile/a.b', 'page');
    await putRecordState('/browse-tutors', 'page');
    await putRecordState('/tutors/Chemistry', 'page');
    await putRecordState('/tutors/kcse-chemistry/844-form-4/more', 'page');
    expect(writes).toEqual([]);
  });
});
