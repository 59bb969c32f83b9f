/**
 * An HTTP/2 front for the local gateway, for the browser benchmarks: CloudFront serves the app over
 * HTTP/2 (and 3), so the page's many small module chunks, its photo and its API calls share one
 * connection. The local gateway speaks HTTP/1.1, where Chromium opens six connections to a host and
 * the rest wait: under Lighthouse's slow-4G throttling a 570-byte profile photo queued behind about
 * forty chunks for 4.7 s. Browsers speak HTTP/2 only over TLS, so this front has a self-signed
 * certificate for localhost (made with openssl for the run) and the benchmark's Chromium is told to
 * accept it (--ignore-certificate-errors). Bench-only: the product's own servers are unchanged.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { constants, createSecureServer, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Headers of one hop only: HTTP/2 forbids them, and the gateway's keep-alive is not the browser's. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'http2-settings']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'alp-h2-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function forward(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, target: URL): void {
  const outgoing: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue;
    outgoing[name] = value;
  }
  outgoing.host = headers[constants.HTTP2_HEADER_AUTHORITY] as string;
  const upstream = request({
    hostname: target.hostname, port: target.port, method: headers[constants.HTTP2_HEADER_METHOD] as string,
    path: headers[constants.HTTP2_HEADER_PATH] as string, headers: outgoing,
  }, (response) => {
    const back: Record<string, string | string[] | number> = { [constants.HTTP2_HEADER_STATUS]: response.statusCode ?? 502 };
    for (const [name, value] of Object.entries(response.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
    }
    if (stream.destroyed) return response.resume();
    stream.respond(back);
    response.pipe(stream);
  });
  upstream.on('error', () => {
    if (!stream.destroyed && !stream.headersSent) stream.respond({ [constants.HTTP2_HEADER_STATUS]: 502 });
    stream.end();
  });
  stream.pipe(upstream);
}

/** Starts the front on `port` before the gateway at `gatewayUrl`; answers its https origin and a stop. */
export async function startHttp2Front(gatewayUrl: string, port: number): Promise<{ origin: string; stop(): Promise<void> }> {
  const target = new URL(gatewayUrl);
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: false });
  server.on('stream', (stream, headers) => forward(stream, headers, target));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    origin: `https://localhost:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
