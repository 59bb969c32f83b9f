/**
 * CloudFront KeyValueStore's data-plane API (the record pages' store, docs/decisions/2026-11-29-record-store.md),
 * which moto does not have: the REST wire format @aws-sdk/client-cloudfront-keyvaluestore sends,
 * served by the local gateway under KEY_VALUE_STORE_PATH (its RECORD_STORE_ENDPOINT).
 *
 *   GET    /key-value-stores/{KvsARN}             DescribeKeyValueStore (ETag header)
 *   GET    /key-value-stores/{KvsARN}/keys        ListKeys (?NextToken, ?MaxResults)
 *   POST   /key-value-stores/{KvsARN}/keys        UpdateKeys (If-Match; {"Puts": […], "Deletes": […]})
 *   GET    /key-value-stores/{KvsARN}/keys/{Key}  GetKey
 *   PUT    /key-value-stores/{KvsARN}/keys/{Key}  PutKey (If-Match; {"Value": …})
 *   DELETE /key-value-stores/{KvsARN}/keys/{Key}  DeleteKey (If-Match)
 *
 * Every write changes the store's ETag; a write whose If-Match is not the current one is refused with
 * 409 and `x-amzn-errortype: ConflictException`, as the service refuses it. Signatures (SigV4A) are not
 * checked, as moto checks none.
 *
 * A store's items are one object in a bucket of moto's, so they live exactly as long as the web
 * bucket's files they point at (a restarted emulator starts both empty; a reused one keeps both).
 * Writes take turns in this process, the only writer, so a conditional write is read, compared and
 * saved before the next one reads.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { HttpError, readBody, sendJson } from '../http.js';

/** Where the local gateway serves the store's API (the SDK's endpoint is the gateway's origin + this). */
export const KEY_VALUE_STORE_PATH = '/kvs';

/** The service's limits on a key and a value (bytes), and on a whole store. */
const MAX_KEY_BYTES = 512;
const MAX_VALUE_BYTES = 1024;
const MAX_STORE_BYTES = 5 * 1024 * 1024;
/** ListKeys: at most 50 a page. */
const MAX_RESULTS = 50;

interface StoreState {
  etag: string;
  /** Epoch seconds, as the service's timestamps travel in its JSON. */
  created: number;
  lastModified: number;
  items: Record<string, string>;
}

/** A refusal in the service's error shape: the status, its `x-amzn-errortype` and `{ "Message" }`. */
class StoreError extends Error {
  constructor(readonly status: number, readonly type: string, message: string) {
    super(message);
  }
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const newEtag = () => `KV${randomBytes(8).toString('hex').toUpperCase()}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function sizes(state: StoreState) {
  const keys = Object.keys(state.items);
  return { ItemCount: keys.length, TotalSizeInBytes: keys.reduce((sum, key) => sum + bytes(key) + bytes(state.items[key]!), 0) };
}

/** The bucket object holding a store: the store's id (the ARN's last part) names it. */
function objectKey(arn: string): string | undefined {
  const id = /^arn:aws:cloudfront::\d{12}:key-value-store\/([A-Za-z0-9-]{1,128})$/.exec(arn)?.[1];
  return id && `key-value-stores/${id}.json`;
}

function checkItem(key: string, value?: string) {
  if (!key || bytes(key) > MAX_KEY_BYTES) throw new StoreError(400, 'ValidationException', `Key must be 1 to ${MAX_KEY_BYTES} bytes`);
  if (value !== undefined && bytes(value) > MAX_VALUE_BYTES) throw new StoreError(400, 'ValidationException', `Value must be at most ${MAX_VALUE_BYTES} bytes`);
}

export interface KeyValueStoreEmulator {
  /** Makes the store if it is not there yet (CreateKeyValueStore, which the CDK does on AWS). */
  create(arn: string): Promise<void>;
  /** A key's value, or undefined for none: what CloudFront's `cf.kvs().get` reads. */
  get(arn: string, key: string): Promise<string | undefined>;
  /** True when the request was for the store's API (and is answered). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export function keyValueStoreEmulator(s3: S3Client, bucket: string): KeyValueStoreEmulator {
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(write: () => Promise<T>): Promise<T> => {
    const run = turn.then(write);
    turn = run.catch(() => {});
    return run;
  };

  async function load(arn: string): Promise<StoreState> {
    const key = objectKey(arn);
    if (key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return JSON.parse(await object.Body!.transformToString()) as StoreState;
      } catch (error) {
        if ((error as { name?: string }).name !== 'NoSuchKey') throw error;
      }
    }
    throw new StoreError(404, 'ResourceNotFoundException', `Key value store ${arn} not found`);
  }

  const save = (arn: string, state: StoreState) => s3.send(new PutObjectCommand({
    Bucket: bucket, Key: objectKey(arn)!, Body: JSON.stringify(state), ContentType: 'application/json',
  }));

  /** A conditional write: the store as it is now, refused unless `ifMatch` is its ETag; saved with a new one. */
  const write = (arn: string, ifMatch: string | undefined, change: (items: Record<string, string>) => void) => inTurn(async () => {
    if (!ifMatch) throw new StoreError(400, 'ValidationException', 'If-Match is required');
    const state = await load(arn);
    if (ifMatch !== state.etag) throw new StoreError(409, 'ConflictException', 'Pre-condition failed: the ETag does not match the store\'s');
    const items = { ...state.items };
    change(items);
    const next: StoreState = { ...state, items, etag: newEtag(), lastModified: nowSeconds() };
    if (sizes(next).TotalSizeInBytes > MAX_STORE_BYTES) throw new StoreError(402, 'ServiceQuotaExceededException', 'The store is full');
    await save(arn, next);
    return next;
  });

  const written = (res: ServerResponse, state: StoreState) => sendJson(res, 200, sizes(state), { etag: state.etag });

  async function body<T>(req: IncomingMessage): Promise<T> {
    try {
      return JSON.parse((await readBody(req)).toString('utf8') || '{}') as T;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new StoreError(400, 'ValidationException', 'The body is not JSON');
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL, segments: string[]) {
    const [arn, keys, key, ...extra] = segments;
    const method = req.method ?? 'GET';
    const ifMatch = req.headers['if-match'];
    if (!arn || (keys !== undefined && keys !== 'keys') || extra.length) throw new StoreError(404, 'UnknownOperationException', 'No such operation');
    if (keys === undefined && method === 'GET') {
      const state = await load(arn);
      return sendJson(res, 200, {
        KvsARN: arn, ...sizes(state), Created: state.created, LastModified: state.lastModified, Status: 'READY',
      }, { etag: state.etag });
    }
    if (keys !== undefined && key === undefined && method === 'GET') {
      const state = await load(arn);
      const all = Object.keys(state.items).sort();
      const max = Math.min(Number(url.searchParams.get('MaxResults')) || MAX_RESULTS, MAX_RESULTS);
      const after = url.searchParams.get('NextToken');
      const start = after ? all.findIndex((k) => k > Buffer.from(after, 'base64url').toString('utf8')) : 0;
      const page = start < 0 ? [] : all.slice(start, start + max);
      const more = start >= 0 && start + max < all.length;
      return sendJson(res, 200, {
        Items: page.map((k) => ({ Key: k, Value: state.items[k] })),
        ...(more ? { NextToken: Buffer.from(page[page.length - 1]!).toString('base64url') } : {}),
      });
    }
    if (keys !== undefined && key === undefined && method === 'POST') {
      const { Puts = [], Deletes = [] } = await body<{ Puts?: Array<{ Key: string; Value: string }>; Deletes?: Array<{ Key: string }> }>(req);
      for (const put of Puts) checkItem(put.Key, put.Value);
      return written(res, await write(arn, ifMatch, (items) => {
        for (const { Key } of Deletes) delete items[Key];
        for (const { Key, Value } of Puts) items[Key] = Value;
      }));
    }
    if (key === undefined) throw new StoreError(404, 'UnknownOperationException', 'No such operation');
    if (method === 'GET') {
      const state = await load(arn);
      const value = state.items[key];
      if (value === undefined) throw new StoreError(404, 'ResourceNotFoundException', `Key ${key} not found`);
      return sendJson(res, 200, { Key: key, Value: value, ...sizes(state) });
    }
    if (method === 'PUT') {
      const { Value } = await body<{ Value?: unknown }>(req);
      if (typeof Value !== 'string') throw new StoreError(400, 'ValidationException', 'Value is required');
      checkItem(key, Value);
      return written(res, await write(arn, ifMatch, (items) => { items[key] = Value; }));
    }
    if (method === 'DELETE') {
      return written(res, await write(arn, ifMatch, (items) => {
        if (!(key in items)) throw new StoreError(404, 'ResourceNotFoundException', `Key ${key} not found`);
        delete items[key];
      }));
    }
    throw new StoreError(404, 'UnknownOperationException', 'No such operation');
  }

  return {
    create: (arn) => inTurn(async () => {
      const key = objectKey(arn);
      if (!key) throw new Error(`Not a key value store ARN: ${arn}`);
      try {
        await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw error;
        const now = nowSeconds();
        await save(arn, { etag: newEtag(), created: now, lastModified: now, items: {} });
      }
    }),

    async get(arn, key) {
      return (await load(arn)).items[key];
    },

    async handle(req, res, url) {
      const prefix = `${KEY_VALUE_STORE_PATH}/key-value-stores/`;
      if (!url.pathname.startsWith(prefix)) return false;
      try {
        // Labels travel percent-encoded (the ARN's ':' and '/', the key's ':'): split first, then decode.
        const segments = url.pathname.slice(prefix.length).split('/').map((s) => {
          try {
            return decodeURIComponent(s);
          } catch {
            throw new StoreError(400, 'ValidationException', 'Malformed path');
          }
        });
        await answer(req, res, url, segments);
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        sendJson(res, error.status, { Message: error.message }, { 'x-amzn-errortype': error.type });
      }
      return true;
    },
  };
}
