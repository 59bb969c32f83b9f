/**
 * CloudFront's KeyValueStore of record pages, emulated on the local gateway: the page consumers write
 * `tutor:{id}` = page | gone to it through the real SDK client (SigV4A-signed, ETag-conditioned), and
 * the gateway decides a tutor's path by running the deployed viewer-request function over it, as
 * the edge does. A write with a stale ETag is refused with 409 ConflictException, and the consumers'
 * writer tries again with the new one.
 */
import { randomUUID } from 'node:crypto';
import {
  CloudFrontKeyValueStoreClient, ConflictException, DeleteKeyCommand, DescribeKeyValueStoreCommand, GetKeyCommand,
  ListKeysCommand, PutKeyCommand, ResourceNotFoundException,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import '@aws-sdk/signature-v4a';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, eventually, expectOk, signInDemoAdmin, stack } from '../support/api.js';
import { bookableTutor } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import { s3 } from '../support/uploads.js';

/** The first consumer run in a process loads the renderer and resvg. */
const RENDER_WAIT_MS = 30_000;

/** The store's client as the page consumers make it (functions/shared/aws/keyvaluestore.ts), pointed at the stack's gateway. */
function storeClient() {
  const { endpoint } = stack().resources.recordStore;
  return new CloudFrontKeyValueStoreClient({
    endpoint, endpointProvider: () => ({ url: new URL(endpoint) }),
    region: stack().resources.region, credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
}
const arn = () => stack().resources.recordStore.arn;

/** A key's value, or undefined while the store holds none. */
async function valueOf(key: string): Promise<string | undefined> {
  try {
    return (await storeClient().send(new GetKeyCommand({ KvsARN: arn(), Key: key }))).Value;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/** A write with the store's current ETag, tried again while the stack's consumers write in between. */
async function write<T>(send: (client: CloudFrontKeyValueStoreClient, etag: string) => Promise<T>): Promise<T> {
  const client = storeClient();
  for (let attempt = 1; ; attempt += 1) {
    const { ETag } = await client.send(new DescribeKeyValueStoreCommand({ KvsARN: arn() }));
    try {
      return await send(client, ETag!);
    } catch (error) {
      if (!(error instanceof ConflictException) || attempt >= 5) throw error;
    }
  }
}
const put = (key: string, value: string) => write((client, IfMatch) => client.send(new PutKeyCommand({ KvsARN: arn(), Key: key, Value: value, IfMatch })));
const remove = (key: string) => write((client, IfMatch) => client.send(new DeleteKeyCommand({ KvsARN: arn(), Key: key, IfMatch })));

/** Puts a file in the web bucket as a page consumer does. */
const putWebPage = (key: string, html: string) => s3().send(new PutObjectCommand({
  Bucket: stack().resources.webBucket, Key: key, Body: html, ContentType: 'text/html; charset=utf-8',
}));

let adminToken: string;
beforeAll(async () => {
  adminToken = (await signInDemoAdmin()).accessToken;
});

describe('the store of record pages', () => {
  it('holds page for a tutor who became public, whose rendered page the gateway serves; gone and 410 once suspended', async () => {
    const tutor = await bookableTutor({ firstName: 'Wanjiku' });
    await eventually(async () => (await valueOf(`tutor:${tutor.userId}`)) === 'page', RENDER_WAIT_MS);
    const served = await fetch(`${stack().url}/tutor-profile/${tutor.userId}`);
    expect(served.status).toBe(200);
    const html = await served.text();
    expect(html).toContain('id="alp-record"');
    expect(html).toContain('Wanjiku');
    expect(await (await fetch(`${stack().url}/tutor-profile/${tutor.userId}?lang=sw`)).text()).toContain('<html lang="sw"');

    await expectOk(callApi('setUserSuspension', { token: adminToken, params: { userId: tutor.userId }, body: { suspended: true, reason: 'Asked for payment outside the platform' } }), 'suspend');
    await eventually(async () => (await valueOf(`tutor:${tutor.userId}`)) === 'gone', RENDER_WAIT_MS);
    const gone = await fetch(`${stack().url}/tutor-profile/${tutor.userId}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This page is no longer available');
    const goneSw = await fetch(`${stack().url}/tutor-profile/${tutor.userId}`, { headers: { cookie: 'alp-language=sw' } });
    expect(goneSw.status).toBe(410);
    expect(await goneSw.text()).toContain('Ukurasa huu haupatikani tena');
  });

  it('decides a tutor\'s path from the store, not the bucket: the shell without a key, the bucket\'s page for page, 410 for gone', async () => {
    // A record no consumer renders: its page is in the bucket, and only this test writes its key.
    const id = `store-${randomUUID()}`;
    await putWebPage(`pages/tutor-profile/${id}.html`, '<!doctype html><html lang="en"><title>Rendered</title><main id="rendered-page"></main></html>');
    await putWebPage(`pages/tutor-profile/${id}.sw.html`, '<!doctype html><html lang="sw"><title>Rendered</title><main id="rendered-page"></main></html>');
    const open = (init?: RequestInit) => fetch(`${stack().url}/tutor-profile/${id}`, init);

    const shell = await open();
    expect(shell.status).toBe(200);
    expect(await shell.text()).not.toContain('rendered-page');

    await put(`tutor:${id}`, 'page');
    expect(await (await open()).text()).toContain('rendered-page');
    const sw = await (await open({ headers: { 'accept-language': 'sw-KE,sw;q=0.9' } })).text();
    expect(sw).toContain('<html lang="sw"');
    expect(sw).toContain('rendered-page');

    await put(`tutor:${id}`, 'gone');
    const gone = await open();
    expect(gone.status).toBe(410);
    expect(await gone.text()).not.toContain('rendered-page');

    await remove(`tutor:${id}`);
    expect(await (await open()).text()).not.toContain('rendered-page');
  });

  it('refuses a write with a stale ETag (409 ConflictException), and the consumers\' writer puts its value with the new one', async () => {
    const client = storeClient();
    const before = await client.send(new DescribeKeyValueStoreCommand({ KvsARN: arn() }));
    expect(before.ETag).toBeTruthy();
    expect(before.KvsARN).toBe(arn());
    const written = await put('tutor:someone-else', 'page');
    expect(written.ETag).not.toBe(before.ETag);
    const stale = await client.send(new PutKeyCommand({ KvsARN: arn(), Key: 'tutor:stale', Value: 'page', IfMatch: before.ETag })).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictException);
    expect((stale as ConflictException).$metadata.httpStatusCode).toBe(409);
    expect(await valueOf('tutor:stale')).toBeUndefined();

    // Another consumer writes between putRecordState's DescribeKeyValueStore and its PutKey: its first put is stale.
    useStackEnvironment();
    const { keyValueStore } = await import('../../functions/shared/aws/keyvaluestore.js');
    const { putRecordState } = await import('../../functions/sitepages/record-store.js');
    const { client: consumers } = await keyValueStore();
    const puts: string[] = [];
    let competed = false;
    consumers.middlewareStack.add((next, context) => async (args) => {
      try {
        const out = await next(args);
        if (context.commandName === 'DescribeKeyValueStoreCommand' && !competed) {
          competed = true;
          await put('course:another-writer', 'page');
        }
        if (context.commandName === 'PutKeyCommand') puts.push('written');
        return out;
      } catch (error) {
        if (context.commandName === 'PutKeyCommand') puts.push((error as Error).name);
        throw error;
      }
    }, { step: 'initialize', name: 'competingWriter' });
    try {
      await putRecordState('/tutor-profile/retried-writer', 'gone');
    } finally {
      consumers.middlewareStack.remove('competingWriter');
    }
    // Its first put was stale; the stack's own consumers may have made another one stale too.
    expect(puts[0]).toBe('ConflictException');
    expect(puts.at(-1)).toBe('written');
    expect(await valueOf('tutor:retried-writer')).toBe('gone');
    expect(await valueOf('course:another-writer')).toBe('page');

    // Every key, a page of ten at a time.
    const keys: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await client.send(new ListKeysCommand({ KvsARN: arn(), MaxResults: 10, ...(NextToken ? { NextToken } : {}) }));
      expect(page.Items!.length).toBeLessThanOrEqual(10);
      keys.push(...page.Items!.map((i) => i.Key!));
      NextToken = page.NextToken;
    } while (NextToken);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['course:another-writer', 'tutor:retried-writer', 'tutor:someone-else']));
  });
});
