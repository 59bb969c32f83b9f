/**
 * The HTTP plumbing the local gateway and every provider sandbox share: reading a body, replying
 * with JSON or a page, escaping text into HTML, random tokens, listening and closing. What a
 * provider says (its wire format, its pages) stays in its own folder under sandboxes/.
 */
import { randomBytes } from 'node:crypto';
import type { OutgoingHttpHeaders, Server } from 'node:http';
import type { Server as NetServer } from 'node:net';
import type { Readable } from 'node:stream';

/** A request a sandbox refuses: the status and the message its wire format carries. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** What a sandbox accepts in one request body unless told otherwise. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** HTTP/1.1 and HTTP/2 responses alike (the Bedrock sandbox answers both). */
interface Reply {
  writeHead(status: number, headers?: OutgoingHttpHeaders): unknown;
  end(body: string | Buffer): unknown;
}

/** The whole body; past `maxBytes` it stops reading and rejects with a 413. */
export function readBody(req: Readable, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new HttpError(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function readText(req: Readable, maxBytes = MAX_BODY_BYTES): Promise<string> {
  return (await readBody(req, maxBytes)).toString('utf8');
}

/** The headers exactly as given. */
export function send(res: Reply, status: number, body: string | Buffer, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, headers);
  res.end(body);
}

/** A reply nobody may cache, with its type and length. */
export function reply(res: Reply, status: number, type: string, body: string, headers: OutgoingHttpHeaders = {}): void {
  send(res, status, body, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', ...headers });
}

export function sendJson(res: Reply, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  reply(res, status, 'application/json; charset=utf-8', JSON.stringify(body), headers);
}

/** A sandbox page that loads nothing (no script, inline style only) and may not be framed. */
export const STATIC_PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** `headers`: a page with a script brings its own policy (a nonce, who may frame it). */
export function sendHtml(res: Reply, status: number, html: string, headers: OutgoingHttpHeaders = STATIC_PAGE_HEADERS): void {
  reply(res, status, 'text/html; charset=utf-8', html, headers);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * A provider's page: one `<main>` on a phone-wide viewport, its stylesheet inline. `nonce` goes on
 * the style and the script, for a page whose policy allows only those.
 */
export function pageShell(page: { title: string; style: string; body: string; nonce?: string; script?: string }): string {
  const nonce = page.nonce === undefined ? '' : ` nonce="${page.nonce}"`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title><style${nonce}>${page.style}</style></head>
<body><main>${page.body}</main>${page.script ? `<script${nonce}>${page.script}</script>` : ''}</body></html>`;
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Lower-case letters and digits, as providers' codes and references look. */
export function token(length: number): string {
  return Array.from(randomBytes(length), (b) => ALNUM[b % ALNUM.length]).join('');
}

/** A CSP nonce for one page. */
export const nonce = () => randomBytes(16).toString('base64');

/** Listens on `port` (0: a free one) and says which port it got. */
export async function listen(server: NetServer, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/** Closes the server and every connection still open (browsers keep some alive). */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
