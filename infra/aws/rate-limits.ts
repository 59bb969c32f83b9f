/**
 * Per-IP request limits: the one table behind the AWS WAF rate-based rules (constructs/waf.ts)
 * and the local gateway's limiter (infra/local/gateway/rate-limiter.ts), so what the suite proves
 * locally is what WAF enforces. Plain data, no imports: both worlds read it.
 *
 * Sizes: many Kenyan learners share one public address (mobile carriers' carrier-grade NAT, a
 * school's or cyber café's connection), so the limits stop scripts, not a class signing up
 * together. WAF counts requests in a sliding window of 60, 120, 300 or 600 s and refuses a limit
 * below 10 (AWS WAF RateBasedStatement).
 */

/** Where a limit applies: the app's origin (CloudFront, /api/*) or Cognito's API (the user pool). */
export type LimitScope = 'api' | 'cognito';

export interface IpRateLimit {
  /** Rule name (letters, digits, hyphens), also the local limiter's counter key. */
  name: string;
  scope: LimitScope;
  /** What is counted: API requests by method and path, or Cognito calls by their X-Amz-Target action. */
  match:
    | { methods: readonly string[]; path: string; pathMatch: 'exact' | 'prefix' | 'pattern' }
    | { cognitoActions: readonly string[] };
  /** Requests per window per client IP before the rest are refused with 429. */
  limit: number;
  windowSeconds: 60 | 120 | 300 | 600;
  why: string;
}

export const IP_RATE_LIMITS: readonly IpRateLimit[] = [
  {
    name: 'api-sign-up', scope: 'api', limit: 50, windowSeconds: 300,
    match: { methods: ['POST'], path: '/api/auth/sign-up', pathMatch: 'exact' },
    why: 'Each sign-up sends an e-mail: a script must not turn the product into an e-mail cannon.',
  },
  {
    name: 'api-resend-code', scope: 'api', limit: 20, windowSeconds: 300,
    match: { methods: ['POST'], path: '/api/auth/resend-code', pathMatch: 'exact' },
    why: 'Each new code is an e-mail; the API also allows only a few per address an hour (functions/auth/service.ts).',
  },
  {
    name: 'api-ai', scope: 'api', limit: 200, windowSeconds: 300,
    match: { methods: ['POST'], path: '/api/ai/', pathMatch: 'prefix' },
    why: 'Every AI call costs money; per-user and platform quotas stand behind this (functions/ai).',
  },
  {
    name: 'api-exam-pack-download', scope: 'api', limit: 60, windowSeconds: 300,
    match: { methods: ['POST'], path: '/api/exam-packs/{packId}/download', pathMatch: 'pattern' },
    why: 'Each answer signs a link to a large PDF; a visitor downloads a handful.',
  },
  {
    name: 'api-paystack-webhook', scope: 'api', limit: 600, windowSeconds: 300,
    match: { methods: ['POST'], path: '/api/webhooks/paystack', pathMatch: 'exact' },
    why: 'Paystack retries and bursts at month end; anyone else is refused by address first (PAYSTACK_WEBHOOK_IPS).',
  },
  {
    name: 'api-all', scope: 'api', limit: 3000, windowSeconds: 300,
    match: { methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], path: '/api/', pathMatch: 'prefix' },
    why: 'Ten requests a second for five minutes from one address is a scraper or a whole school at once; either may wait.',
  },
  {
    name: 'cognito-sign-in', scope: 'cognito', limit: 300, windowSeconds: 300,
    match: { cognitoActions: ['InitiateAuth', 'RespondToAuthChallenge'] },
    why: 'Password guessing: Cognito locks one account after repeated failures, this stops one address trying many.',
  },
  {
    name: 'cognito-codes', scope: 'cognito', limit: 100, windowSeconds: 300,
    match: {
      // Not SignUp or ResendConfirmationCode: those come only from the API's functions (sign-up-gate.ts),
      // whose calls leave from a few shared Lambda addresses, so a per-address rule would stop real
      // users; the API limits them per viewer address (api-sign-up, api-resend-code) instead.
      cognitoActions: ['ConfirmSignUp', 'ForgotPassword', 'ConfirmForgotPassword',
        'AssociateSoftwareToken', 'VerifySoftwareToken'],
    },
    why: 'One-time codes: each reset sends an e-mail, and a code must not be guessed by trying them all.',
  },
];

/**
 * Paystack's published webhook source addresses (Paystack docs, "Webhooks: IP whitelisting").
 * WAF refuses any other caller of the webhook route before it reaches the API; the signature check
 * in the handler stays the real proof. Override with context `paystackWebhookIps` when Paystack
 * publishes new ones.
 */
export const PAYSTACK_WEBHOOK_IPS: readonly string[] = ['52.31.139.75/32', '52.49.173.169/32', '52.214.14.220/32'];

/** The answer to a refused request, the same from WAF and the local gateway. */
export const RATE_LIMITED_BODY = JSON.stringify({
  error: {
    code: 'rate_limited',
    message: 'Too many requests from your network. Please wait a few minutes and try again.',
    messageSw: 'Maombi mengi mno kutoka mtandao wako. Tafadhali subiri dakika chache kisha ujaribu tena.',
  },
});

/** Whether a request to the API (method, path) is counted by a limit. */
export function apiLimitApplies(limit: IpRateLimit, method: string, path: string): boolean {
  if (!('methods' in limit.match) || !limit.match.methods.includes(method)) return false;
  const { path: pattern, pathMatch } = limit.match;
  if (pathMatch === 'exact') return path === pattern;
  if (pathMatch === 'prefix') return path.startsWith(pattern);
  return patternRegExp(pattern).test(path);
}

/** A route pattern's path as a regular expression ({param}: one segment). */
export function patternRegExp(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/\{\w+\}/g, '[^/]+')}$`);
}

/** Whether a Cognito call (its X-Amz-Target, e.g. AWSCognitoIdentityProviderService.SignUp) is counted by a limit. */
export function cognitoLimitApplies(limit: IpRateLimit, target: string): boolean {
  if (!('cognitoActions' in limit.match)) return false;
  const action = target.split('.').pop() ?? '';
  return limit.match.cognitoActions.includes(action);
}
