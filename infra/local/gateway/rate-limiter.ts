/**
 * The local stand-in for the AWS WAF rate-based rules: the same table of per-IP limits
 * (infra/aws/rate-limits.ts), the same 429 answer with Retry-After, counted in a sliding window
 * per rule and client address as WAF does.
 *
 * Every test file's requests come from 127.0.0.1, so loopback callers are not limited unless
 * ALP_RATE_LIMIT_LOOPBACK=true (settings.rateLimitLoopback). A request may name the client address
 * it stands for in `x-alp-client-ip` (what CloudFront would see as the viewer's address); only
 * this local gateway honours it, so a test proves the real limits from an address of its own.
 */
import type { IncomingMessage } from 'node:http';
import { apiLimitApplies, cognitoLimitApplies, IP_RATE_LIMITS, RATE_LIMITED_BODY, type IpRateLimit } from '../../aws/rate-limits.js';

export const CLIENT_IP_HEADER = 'x-alp-client-ip';

export interface RateLimited { status: 429; headers: Record<string, string>; body: string }

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export function clientAddress(req: IncomingMessage): string {
  const named = req.headers[CLIENT_IP_HEADER];
  if (typeof named === 'string' && named.trim() !== '') return named.trim();
  return req.socket.remoteAddress ?? '127.0.0.1';
}

export class RateLimiter {
  /** Request times (ms) per `${rule}|${address}`, oldest first. */
  private readonly seen = new Map<string, number[]>();

  constructor(
    private readonly options: { loopback: boolean; limits?: readonly IpRateLimit[]; now?: () => number } = { loopback: false },
  ) {}

  /** Counts an API request; the refusal when any limit it falls under is spent. */
  api(req: IncomingMessage, method: string, path: string): RateLimited | null {
    return this.check(req, (limit) => limit.scope === 'api' && apiLimitApplies(limit, method, path));
  }

  /** Counts a Cognito call (X-Amz-Target); the refusal when its limit is spent. */
  cognito(req: IncomingMessage, target: string): RateLimited | null {
    return this.check(req, (limit) => limit.scope === 'cognito' && cognitoLimitApplies(limit, target));
  }

  private check(req: IncomingMessage, applies: (limit: IpRateLimit) => boolean): RateLimited | null {
    const address = clientAddress(req);
    if (!this.options.loopback && LOOPBACK.test(address)) return null;
    const now = (this.options.now ?? Date.now)();
    let retryAfter = 0;
    for (const limit of (this.options.limits ?? IP_RATE_LIMITS).filter(applies)) {
      const key = `${limit.name}|${address}`;
      const windowMs = limit.windowSeconds * 1000;
      const times = (this.seen.get(key) ?? []).filter((t) => t > now - windowMs);
      // WAF counts every request it sees, refused ones included.
      times.push(now);
      this.seen.set(key, times);
      if (times.length > limit.limit) {
        // The next request passes once enough of these have left the window to leave it room.
        const oldestCounted = times[times.length - limit.limit]!;
        retryAfter = Math.max(retryAfter, Math.ceil((oldestCounted + windowMs - now) / 1000), 1);
      }
    }
    if (retryAfter === 0) return null;
    return {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': String(retryAfter), 'cache-control': 'no-store' },
      body: RATE_LIMITED_BODY,
    };
  }
}
