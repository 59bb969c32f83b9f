/**
 * Per-caller limits where WAF cannot see the caller (it sees addresses, not accounts): fixed-window
 * counters in the table, one item per caller, route group and window, removed by TTL.
 *   pk RATE#{group}#{subject}  sk WINDOW#{windowStart epoch seconds}  count, expiresAt
 * A route declares its limit in the route table (RouteDef.rateLimit) and httpRoute applies it;
 * services call {@link enforceRateLimit} for limits that depend on more than the route.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws/dynamo.js';
import { config } from './config.js';
import { TooManyRequests } from './errors.js';

export interface RateLimit {
  /** Counter name shared by the routes it covers, e.g. `bookings`. */
  group: string;
  /** Counted per signed-in user, or per client address (visitors). */
  per: 'user' | 'ip';
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITED_MESSAGE = 'You are doing this too often. Please wait a little and try again.';

/** A refused request: 429 with Retry-After (seconds until the window ends). */
export class RateLimited extends TooManyRequests {
  // The wait is in the Retry-After header; the error's documented details are field messages only.
  constructor(readonly retryAfterSeconds: number, message: string = RATE_LIMITED_MESSAGE) {
    super('rate_limited', message);
  }
}

export const rateLimitKey = (group: string, subject: string, windowStart: number) =>
  ({ pk: `RATE#${group}#${subject}`, sk: `WINDOW#${windowStart}` });

/** The window `now` falls in: its start and end (epoch seconds). */
export function windowOf(windowSeconds: number, now: Date): { start: number; end: number } {
  const seconds = Math.floor(now.getTime() / 1000);
  const start = seconds - (seconds % windowSeconds);
  return { start, end: start + windowSeconds };
}

/**
 * Counts one request of `subject` in `limit`'s current window; throws {@link RateLimited} when the
 * window already holds `limit.limit` (the refused request is not counted, so waiting is enough).
 */
export async function enforceRateLimit(
  limit: Pick<RateLimit, 'group' | 'limit' | 'windowSeconds'>, subject: string, now = new Date(),
  /** What the refusal says, from the wait in seconds (default {@link RATE_LIMITED_MESSAGE}). */
  message?: (retryAfterSeconds: number) => string,
): Promise<void> {
  const { start, end } = windowOf(limit.windowSeconds, now);
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName,
      Key: rateLimitKey(limit.group, subject, start),
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count' },
      // Kept a window past its end, then removed by TTL.
      ExpressionAttributeValues: { ':one': 1, ':limit': limit.limit, ':expires': end + limit.windowSeconds },
    }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const retryAfter = Math.max(1, end - Math.floor(now.getTime() / 1000));
    throw new RateLimited(retryAfter, message?.(retryAfter));
  }
}

/**
 * The client's address: CloudFront's CloudFront-Viewer-Address (`ip:port`, set by CloudFront, not
 * the viewer) when the request came through the distribution, else the connection's source.
 */
export function clientIp(headers: Record<string, string | undefined> | undefined, sourceIp: string): string {
  const viewer = headers?.['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '');
  return sourceIp;
}
