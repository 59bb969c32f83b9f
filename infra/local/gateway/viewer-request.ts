/**
 * CloudFront's viewer-request function on the local gateway: the deployed code itself
 * (SPA_REWRITE_FUNCTION_CODE), run with the event CloudFront gives it and a `cf.kvs()` handle over
 * the emulated KeyValueStore of record pages (emulators/keyvaluestore.ts), so the gateway decides a
 * path exactly as the edge does: a rewritten URI to serve, or a response of its own (a record's 410).
 */
import type { IncomingMessage } from 'node:http';
import { SPA_REWRITE_FUNCTION_CODE } from '../../aws/constructs/web.js';

type Values = Record<string, { value: string }>;
export interface ViewerRequest { uri: string; method: string; querystring: Values; headers: Values; cookies: Values }
export interface ViewerResponse { statusCode: number; statusDescription?: string; headers?: Values; body?: string }

/** Reads a key as CloudFront's handle does: the value, or a throw for a key the store does not hold. */
export type KeyLookup = (key: string) => Promise<string | undefined>;

export type ViewerRequestFunction = (request: ViewerRequest) => Promise<ViewerRequest | ViewerResponse>;

export function viewerRequestFunction(lookup: KeyLookup): ViewerRequestFunction {
  const read = async (key: string) => {
    const value = await lookup(key);
    if (value === undefined) throw new Error(`The key ${key} does not exist`);
    return value;
  };
  const cf = {
    kvs: () => ({
      get: (key: string, options?: { format?: 'string' | 'json' | 'bytes' }) => read(key).then((value) => (options?.format === 'json' ? JSON.parse(value) as unknown : value)),
      exists: (key: string) => lookup(key).then((value) => value !== undefined),
    }),
  };
  // The module's one import is `cloudfront`'s default export; the rest is plain JavaScript.
  const [imports, ...body] = SPA_REWRITE_FUNCTION_CODE.split('\n');
  if (imports !== "import cf from 'cloudfront';") throw new Error(`Unexpected imports in the viewer-request function: ${imports}`);
  const handler = new Function('cf', `${body.join('\n')}\nreturn handler;`)(cf) as (event: { request: ViewerRequest }) => Promise<ViewerRequest | ViewerResponse>;
  return (request) => handler({ request });
}

export const isViewerResponse = (result: ViewerRequest | ViewerResponse): result is ViewerResponse => 'statusCode' in result;

/** The request as CloudFront hands it to the function: the raw path, lower-case headers, cookies and query as `{ value }`. */
export function viewerRequestOf(req: IncomingMessage, url: URL): ViewerRequest {
  const headers: Values = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name.toLowerCase()] = { value: Array.isArray(value) ? value.join(',') : value };
  }
  const cookies: Values = {};
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies[part.slice(0, at).trim()] = { value: part.slice(at + 1).trim() };
  }
  const querystring: Values = {};
  for (const [name, value] of url.searchParams) querystring[name] ??= { value };
  return { uri: url.pathname, method: req.method ?? 'GET', querystring, headers, cookies };
}
