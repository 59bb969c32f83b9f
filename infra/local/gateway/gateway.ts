/**
 * The local stand-in for CloudFront + API Gateway: one origin that serves the built SPA, the API
 * routes of functions/routes.ts (JWT-verified like API Gateway's Cognito authorizer, events in
 * API Gateway v2 format, handlers invoked in-process), /config.json, and a Cognito proxy. Pages are
 * decided by CloudFront's own viewer-request function over the emulated KeyValueStore of record
 * pages, whose API it serves too (/kvs, emulators/keyvaluestore.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { RuntimeConfig } from '../../../events/shared/runtime-config.js';
import { routeList, type RouteDef } from '../../../functions/routes.js';
import { ACCESS_TOKEN_SCOPE } from '../../aws/definitions.js';
import { framingHeaders } from '../../aws/web-framing.js';
import { closeServer, HttpError, listen, readBody, send } from '../http.js';
import { cognitoWithTriggers } from './cognito-triggers.js';
import { lambdaContext, loadHandler } from './lambda-context.js';
import { clientAddress, RateLimiter } from './rate-limiter.js';
import { localSockets } from './sockets.js';
import { clientConfig, type LocalResources } from '../emulators/provision.js';
import { repoRoot, type LocalSettings } from '../settings.js';
import { SOCKET_ENDPOINT_ENV } from '../../../functions/conversations/socket-push.js';
import { SOCKET_STAGE } from '../../../functions/conversations/socket-routes.js';
import { keyValueStoreEmulator } from '../emulators/keyvaluestore.js';
import { isViewerResponse, viewerRequestFunction, viewerRequestOf } from './viewer-request.js';

const functionsDir = join(repoRoot, 'functions');

interface CompiledRoute { def: RouteDef; pattern: RegExp; params: string[] }

function compile(def: RouteDef): CompiledRoute {
  const params: string[] = [];
  // Route paths hold only letters, digits, '-', '/' and {params}: nothing else to escape.
  const source = def.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { def, pattern: new RegExp(`^${source}$`), params };
}

/** API Gateway HTTP API passes claims as strings; arrays become "[a b]". */
function flattenClaims(payload: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) {
    out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

/** API Gateway's payload limit (HTTP APIs: 10 MB); it answers 413 past it. */
/** The sitemap job's files in the web bucket (functions/sitemap/repository.ts): fixed names, no traversal. */
const SITEMAP_FILE = /^\/(robots\.txt|sitemap\.xml|sitemaps\/[a-z0-9-]+\.xml)$/;
/** A tutor page's share image (functions/sitepages), which CloudFront serves from the web bucket too. */
const SHARE_IMAGE_FILE = /^\/share\/(?:tutor|course)\/[A-Za-z0-9_-]{1,64}(\.[a-z]{2})?\.png$/;

const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

const textTypes = /^(application\/(json|x-www-form-urlencoded|xml|javascript)|text\/)/;

const mime: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
  '.webp': 'image/webp', '.jpg': 'image/jpeg', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Revalidation of the unhashed files (index.html, /config.json, sw.js …), as CloudFront does with
 * S3's ETag: a validator of the content, and 304 with no body when the browser already has it.
 * A gzip body is another representation of the same content, so it gets the weak form (CloudFront
 * weakens the ETag when it compresses); If-None-Match compares weakly (RFC 9110 §13.1.2).
 */
export function etagOf(content: Buffer | string, gzipped = false): string {
  const tag = `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
  return gzipped ? `W/${tag}` : tag;
}

export function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Sends `body` with its ETag, or 304 Not Modified when the request already holds it. */
function sendRevalidated(req: IncomingMessage, res: ServerResponse, body: Buffer | string, etag: string, headers: Record<string, string>) {
  if (notModified(req, etag)) {
    const { 'content-type': _type, ...rest } = headers;
    return send(res, 304, '', { ...rest, etag });
  }
  return send(res, 200, body, { ...headers, etag });
}

export interface Gateway { server: Server; url: string; close(): Promise<void> }

/**
 * `videoOrigin`: the origin of the video classroom (the BigBlueButton sandbox's pages), which may
 * frame /live-left.html as the real server may on AWS (infra/aws/web-framing.ts).
 */
export async function startGateway(
  settings: LocalSettings, resources: LocalResources, options: { videoOrigin?: string } = {},
): Promise<Gateway> {
  const compiled = routeList.map(compile);
  const verifier = CognitoJwtVerifier.create({
    userPoolId: resources.userPoolId,
    tokenUse: 'access',
    clientId: resources.userPoolClientId,
    // The same scope API Gateway requires on AWS (infra/aws/constructs/api.ts).
    scope: ACCESS_TOKEN_SCOPE,
  });
  // The verifier would fetch keys from AWS; hand it the emulator's JWKS instead.
  const jwks = await (await fetch(`${resources.endpoint}/${resources.userPoolId}/.well-known/jwks.json`)).json();
  verifier.cacheJwks(jwks as Parameters<typeof verifier.cacheJwks>[0]);

  const gzipCache = new Map<string, Buffer>();
  // WAF's per-IP limits: in front of /api/* (CloudFront's ACL) and /cognito (the user pool's).
  const limiter = new RateLimiter({ loopback: settings.rateLimitLoopback });
  const s3 = new S3Client({ ...clientConfig(resources), forcePathStyle: true });
  const cognito = cognitoWithTriggers(resources);
  // The conversations WebSocket API and its management endpoint; handlers push through the real SDK client to it.
  const sockets = localSockets(functionsDir, verifier);
  // CloudFront's KeyValueStore of record pages: its API for the page consumers' SDK client
  // (RECORD_STORE_ENDPOINT), and the same items behind the viewer-request function's cf.kvs().
  const recordStore = keyValueStoreEmulator(s3, resources.recordStore.bucket);
  const viewerRequest = viewerRequestFunction((key) => recordStore.get(resources.recordStore.arn, key));
  process.env[SOCKET_ENDPOINT_ENV] = `http://localhost:${settings.gatewayPort}/${SOCKET_STAGE}`;

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, route: CompiledRoute, match: RegExpExecArray) {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
    }
    let claims: Record<string, string> | undefined;
    if (route.def.access !== 'public') {
      const token = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
      try {
        if (!token) throw new Error('no token');
        claims = flattenClaims(await verifier.verify(token) as unknown as Record<string, unknown>);
      } catch {
        // API Gateway's JWT authorizer answers exactly this, before any Lambda runs.
        return send(res, 401, JSON.stringify({ message: 'Unauthorized' }), {
          'content-type': 'application/json', 'www-authenticate': 'Bearer',
        });
      }
    }
    const raw = await readBody(req, MAX_PAYLOAD_BYTES);
    const contentType = headers['content-type'] ?? '';
    const isText = raw.length === 0 || textTypes.test(contentType);
    const pathParameters = Object.fromEntries(route.params.map((p, i) => [p, match[i + 1] ?? '']));
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
    const now = Date.now();
    const event = {
      version: '2.0',
      routeKey: `${route.def.method} ${route.def.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      cookies: headers.cookie ? headers.cookie.split(/;\s*/) : undefined,
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: route.params.length ? pathParameters : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method: route.def.method, path: url.pathname, protocol: 'HTTP/1.1',
          sourceIp: clientAddress(req), userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: `${route.def.method} ${route.def.path}`,
        stage: '$default',
        time: new Date(now).toUTCString(),
        timeEpoch: now,
        ...(claims ? { authorizer: { jwt: { claims, scopes: claims.scope ? claims.scope.split(' ') : [] } } } : {}),
      },
      body: raw.length ? (isText ? raw.toString('utf8') : raw.toString('base64')) : undefined,
      isBase64Encoded: !isText,
    };
    let result: APIGatewayProxyStructuredResultV2 | string | undefined;
    try {
      const handler = await loadHandler(functionsDir, route.def.handler);
      result = await handler(event, lambdaContext(route.def.handler)) as typeof result;
    } catch (error) {
      console.error(`[gateway] ${route.def.handler} threw`, error);
      return send(res, 500, JSON.stringify({ message: 'Internal Server Error' }), { 'content-type': 'application/json' });
    }
    if (typeof result === 'string' || result === undefined || !('statusCode' in result)) {
      return send(res, 200, JSON.stringify(result ?? null), { 'content-type': 'application/json' });
    }
    const outHeaders: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(result.headers ?? {})) outHeaders[k] = String(v);
    if (result.cookies?.length) outHeaders['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, outHeaders);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
  }

  /**
   * Forwards Amplify's Cognito calls to the emulator, with the user pool's triggers
   * (cognito-triggers.ts). The emulator lacks
   * GetTokensFromRefreshToken (Amplify's refresh call), so that one is answered through
   * InitiateAuth REFRESH_TOKEN_AUTH, which it does implement.
   */
  async function handleCognito(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req, MAX_PAYLOAD_BYTES);
    let target = String(req.headers['x-amz-target'] ?? '');
    const refused = limiter.cognito(req, target);
    if (refused) return send(res, refused.status, refused.body, refused.headers);
    let body = raw.toString('utf8');
    const refresh = target.endsWith('.GetTokensFromRefreshToken');
    if (refresh) {
      const input = JSON.parse(body) as { RefreshToken: string; ClientId: string };
      target = 'AWSCognitoIdentityProviderService.InitiateAuth';
      body = JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input.ClientId,
        AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
      });
    }
    const upstream = await cognito(target, body);
    let text = upstream.body;
    if (refresh && upstream.status === 200) {
      const out = JSON.parse(text) as { AuthenticationResult?: Record<string, unknown> };
      text = JSON.stringify({ AuthenticationResult: out.AuthenticationResult });
    }
    send(res, upstream.status, text, { 'content-type': upstream.contentType, 'cache-control': 'no-store' });
  }

  /**
   * CloudFront's /public/* behaviour: the object with the same key from the uploads bucket (only
   * under public/; staging and KYC files stay private), with its stored type and cache policy.
   */
  async function servePublicMedia(req: IncomingMessage, res: ServerResponse, url: URL) {
    const notFound = () => send(res, 404, 'Not found', { 'content-type': 'text/plain' });
    let key: string;
    try {
      key = decodeURIComponent(url.pathname).slice(1);
    } catch {
      return notFound();
    }
    const segments = key.split('/');
    if (segments[0] !== 'public' || segments.length < 2 || key.includes('\\')
      || segments.some((s) => s === '' || s === '.' || s === '..')) {
      return notFound();
    }
    return serveObject(req, res, resources.uploadsBucket, key);
  }

  /**
   * The sitemap job's files (functions/sitemap), which on AWS CloudFront's default behaviour
   * serves from the web bucket beside the SPA: robots.txt, sitemap.xml and sitemaps/{name}.xml.
   */
  function serveSitemapFile(req: IncomingMessage, res: ServerResponse, url: URL) {
    return serveObject(req, res, resources.webBucket, url.pathname.slice(1));
  }

  /** A file of the web bucket (its site path), or undefined when there is none. */
  async function readWebObject(path: string): Promise<Buffer | undefined> {
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: resources.webBucket, Key: path.replace(/^\/+/, '') }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  async function serveObject(req: IncomingMessage, res: ServerResponse, bucket: string, key: string) {
    const notFound = () => send(res, 404, 'Not found', { 'content-type': 'text/plain' });
    let object;
    try {
      object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return notFound();
      throw error;
    }
    const headers: Record<string, string> = {
      'content-type': object.ContentType ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
    };
    if (object.CacheControl) headers['cache-control'] = object.CacheControl;
    if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
    if (object.ETag) headers.etag = object.ETag;
    if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
    res.writeHead(200, headers);
    const body = object.Body as Readable;
    if (req.method === 'HEAD') {
      body.destroy();
      return void res.end();
    }
    body.pipe(res);
  }

  function runtimeConfig(req: IncomingMessage): RuntimeConfig {
    const origin = `http://${req.headers.host ?? `localhost:${settings.gatewayPort}`}`;
    return {
      environment: 'local',
      region: resources.region,
      userPoolId: resources.userPoolId,
      userPoolClientId: resources.userPoolClientId,
      cognitoEndpoint: `${origin}/cognito`,
      authFlowType: 'USER_PASSWORD_AUTH',
      supportPhone: settings.supportPhone,
      supportEmail: settings.supportEmail,
      socketUrl: `ws://${req.headers.host ?? `localhost:${settings.gatewayPort}`}/${SOCKET_STAGE}`,
    };
  }

  async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!settings.serveSpa || !existsSync(join(settings.webDist, 'index.html'))) {
      return send(res, 404, 'SPA not built: run "npm run build:web"', { 'content-type': 'text/plain' });
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      // Broken percent-encoding names no file; CloudFront's function serves such paths the SPA.
      decoded = url.pathname;
    }
    const safe = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
    let file = join(settings.webDist, safe);
    // Extension-less paths are SPA routes, decided by CloudFront's own viewer-request function
    // (viewer-request.ts): a prerendered page or shell in the visitor's language, a record's own
    // file or its 410 from the store of record pages.
    if (!extname(safe) || !existsSync(file) || !statSync(file).isFile()) {
      if (extname(safe)) return send(res, 404, 'Not found', { 'content-type': 'text/plain' });
      const decided = await viewerRequest(viewerRequestOf(req, url));
      if (isViewerResponse(decided)) {
        const headers = Object.fromEntries(Object.entries(decided.headers ?? {}).map(([name, { value }]) => [name, value]));
        return send(res, decided.statusCode, decided.body ?? '', { ...headers, ...framingHeaders(url.pathname, options.videoOrigin) });
      }
      const uri = normalize(decided.uri).replace(/^(\.\.[/\\])+/, '');
      // The file it names from the web bucket when the bucket holds one (a record's page, the catalogue
      // rewritten with data at the build file's key, a subject page), as CloudFront reads it from there; else the build's.
      const rendered = await readWebObject(uri);
      if (rendered) {
        return sendRevalidated(req, res, rendered, etagOf(rendered), {
          'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...framingHeaders(url.pathname, options.videoOrigin),
        });
      }
      // An older build (ALP_WEB_DIST, for before/after benchmarks) may lack a page's Kiswahili
      // file or the page altogether: English, else the plain shell.
      file = join(settings.webDist, uri);
      if (!existsSync(file)) file = join(settings.webDist, uri.replace(/\.[a-z]{2}\.html$/, '.html'));
      if (!existsSync(file)) file = join(settings.webDist, 'index.html');
    }
    const type = mime[extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${join(settings.webDist, 'assets')}`);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      // Who may frame the page, as CloudFront's response headers policies say (the rest of its CSP is AWS-only).
      ...framingHeaders(url.pathname, options.videoOrigin),
    };
    const compressible = /text|javascript|json|svg|manifest/.test(type);
    const gzip = compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (!immutable) {
      // Small files that change with a deploy: revalidated by ETag instead of sent in full.
      const content = await readFile(file);
      const body = gzip ? gzipSync(content) : content;
      const encoding: Record<string, string> = gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {};
      return sendRevalidated(req, res, body, etagOf(content, gzip), { ...headers, ...encoding });
    }
    if (gzip) {
      let gz = gzipCache.get(file);
      if (!gz) {
        gz = gzipSync(await readFile(file));
        gzipCache.set(file, gz);
      }
      return send(res, 200, gz, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const method = req.method ?? 'GET';
    const done = (async () => {
      if (await sockets.manage(req, res, url)) return;
      if (await recordStore.handle(req, res, url)) return;
      if (url.pathname.startsWith('/api/')) {
        const refused = limiter.api(req, method, url.pathname);
        if (refused) return send(res, refused.status, refused.body, refused.headers);
        for (const route of compiled) {
          const match = route.pattern.exec(url.pathname);
          if (match && route.def.method === method) return handleApi(req, res, url, route, match);
        }
        return send(res, 404, JSON.stringify({ message: 'Not Found' }), { 'content-type': 'application/json' });
      }
      if ((url.pathname === '/cognito' || url.pathname === '/cognito/') && method === 'POST') {
        return handleCognito(req, res);
      }
      if (url.pathname === '/cognito' || url.pathname === '/cognito/') {
        // Amplify may preflight; same origin needs no CORS, but answer politely.
        return send(res, 204, '');
      }
      if (url.pathname === '/config.json') {
        const body = JSON.stringify(runtimeConfig(req));
        return sendRevalidated(req, res, body, etagOf(body), {
          'content-type': 'application/json', 'cache-control': 'no-cache',
        });
      }
      if (method !== 'GET' && method !== 'HEAD') return send(res, 405, 'Method Not Allowed');
      if (url.pathname.startsWith('/public/')) return servePublicMedia(req, res, url);
      if (SITEMAP_FILE.test(url.pathname) || SHARE_IMAGE_FILE.test(url.pathname)) return serveSitemapFile(req, res, url);
      return serveStatic(req, res, url);
    })();
    done.catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 413) {
        if (!res.headersSent) send(res, 413, JSON.stringify({ message: 'Request Entity Too Large' }), { 'content-type': 'application/json' });
        return;
      }
      console.error('[gateway] request failed', error);
      if (!res.headersSent) send(res, 502, JSON.stringify({ message: 'Bad Gateway' }), { 'content-type': 'application/json' });
    });
  });

  server.on('upgrade', (req, socket, head) => {
    if (!sockets.upgrade(req, socket, head)) socket.destroy();
  });

  await listen(server, settings.gatewayPort, '127.0.0.1');
  return {
    server,
    url: `http://localhost:${settings.gatewayPort}`,
    close: () => {
      sockets.close();
      return closeServer(server);
    },
  };
}
