/**
 * BigBlueButton adapter (VideoProvider) over fetch, in BigBlueButton's own API
 * (https://docs.bigbluebutton.org/development/api/):
 *
 * - every call is `GET {base}/{callName}?{query}&checksum={hex}` where the checksum is the hash of
 *   `callName + query + sharedSecret` (the query exactly as sent, without `checksum`). BigBlueButton
 *   tells SHA-1 / SHA-256 / SHA-384 / SHA-512 apart by length; we send SHA-256 (accepted since 2.x);
 * - every answer is XML: `<response><returncode>SUCCESS|FAILED</returncode><messageKey>…</messageKey>
 *   <message>…</message>…</response>`, HTTP 200 even when FAILED;
 * - create is idempotent: an existing room answers SUCCESS with messageKey `duplicateWarning`;
 * - join (BigBlueButton 2.4+) takes `role=MODERATOR|VIEWER` instead of a password; with
 *   `redirect=true` the participant's browser is sent into the room, so we only sign the URL;
 * - end and getMeetingInfo answer FAILED `notFound` for a room the server does not know.
 *
 * `BIGBLUEBUTTON_BASE_URL` (the server's API URL, `https://host/bigbluebutton/api`) and the shared
 * secret come from the integrations registry (infra/aws/integrations.ts); locally they point at the
 * sandbox (infra/local/sandboxes/bigbluebutton/server.ts).
 */
import { createHash } from 'node:crypto';
import { logger } from '../shared/logger.js';
import { providerBaseUrl, secretSource, type SecretSource } from '../shared/secrets.js';
import { VideoProviderError, type MeetingInfo, type MeetingRole, type VideoProvider } from './video.js';

/** The provider id of infra/aws/integrations.ts: env BIGBLUEBUTTON_BASE_URL, _SECRET_PARAMETER, _SECRET_KEY. */
export const BIGBLUEBUTTON_SECRET = { providerId: 'bigbluebutton', label: 'BigBlueButton shared secret' } as const;
/** The shared secret for this process's environment (cached for five minutes when it comes from SSM). */
export const bigBlueButtonSecret: SecretSource = secretSource(BIGBLUEBUTTON_SECRET);
/** Per request; API Gateway gives the whole Lambda 30 s and ours has 10 s. */
export const BIGBLUEBUTTON_TIMEOUT_MS = 8_000;

export type ChecksumAlgorithm = 'sha1' | 'sha256';
export type BbbCall = 'create' | 'join' | 'end' | 'isMeetingRunning' | 'getMeetingInfo';

/** BigBlueButton's role names (join's `role`, getMeetingInfo's `<role>`). */
const BBB_ROLE: Record<MeetingRole, 'MODERATOR' | 'VIEWER'> = { moderator: 'MODERATOR', attendee: 'VIEWER' };

/** hex(hash(callName + queryString + sharedSecret)), the checksum of every API call. */
export function bbbChecksum(callName: string, queryString: string, secret: string, algorithm: ChecksumAlgorithm = 'sha256'): string {
  return createHash(algorithm).update(`${callName}${queryString}${secret}`, 'utf8').digest('hex');
}

/**
 * The query string as sent and as signed: form encoding (space as `+`, UTF-8 percent-escapes),
 * which is what BigBlueButton's documented example uses ("name=Test+Meeting"); the server hashes
 * the raw query it receives, so signing exactly the string we send is what matters.
 */
export function bbbQueryString(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** `{baseUrl}/{callName}?{query}&checksum=…` */
export function signedUrl(baseUrl: string, callName: BbbCall, params: Record<string, string>, secret: string): string {
  const query = bbbQueryString(params);
  const checksum = bbbChecksum(callName, query, secret);
  return `${baseUrl.replace(/\/+$/, '')}/${callName}?${query ? `${query}&` : ''}checksum=${checksum}`;
}

// ------------------------------------------------------------------------------------ XML

export interface BbbAttendee { userID: string; fullName: string; role: string }

export interface BbbResponse {
  returncode: 'SUCCESS' | 'FAILED';
  messageKey: string | undefined;
  message: string | undefined;
  /** Text of the other top-level elements (running, participantCount, meetingID …). */
  fields: Record<string, string>;
  /** getMeetingInfo's `<attendees><attendee>` list (empty for other calls). */
  attendees: BbbAttendee[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1]!;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  }).trim();
}

/**
 * The text of the leaf elements directly inside `body` (depth 1), first occurrence of each name;
 * elements with children (attendees, metadata, breakout rooms …) are skipped, as are comments.
 */
function leaves(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  let depth = 0;
  let open: { tag: string; textStart: number; hasChildren: boolean } | undefined;
  for (const token of body.matchAll(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, tag, selfClosing] = token;
    if (!tag) continue; // CDATA is text (read with its element), comments are nothing
    if (selfClosing) {
      if (depth === 0 && !(tag in out)) out[tag] = '';
      else if (open) open.hasChildren = true;
    } else if (!closing) {
      if (depth === 0) open = { tag, textStart: token.index + token[0].length, hasChildren: false };
      else if (open) open.hasChildren = true;
      depth += 1;
    } else {
      depth -= 1;
      if (depth < 0) throw new VideoProviderError(`BigBlueButton sent malformed XML (unexpected </${tag}>)`);
      if (depth === 0 && open) {
        if (open.tag !== tag) throw new VideoProviderError(`BigBlueButton sent malformed XML (<${open.tag}> closed by </${tag}>)`);
        if (!open.hasChildren && !(tag in out)) out[tag] = xmlText(body.slice(open.textStart, token.index));
        open = undefined;
      }
    }
  }
  if (depth !== 0) throw new VideoProviderError('BigBlueButton sent malformed XML (unclosed element)');
  return out;
}

/**
 * BigBlueButton's `<response>`, reduced to what the port needs. A few regular expressions rather
 * than an XML library: the answers are flat elements plus one list of attendees, never attributes
 * or namespaces we read, and a dependency (and its cold-start cost in every live Lambda) would
 * parse far more than this. Anything that is not a well-nested `<response>` with a returncode is refused.
 */
export function parseBbbResponse(xml: string): BbbResponse {
  const body = /^\s*(?:<\?xml[^>]*\?>\s*)?<response\s*>([\s\S]*)<\/response>\s*$/.exec(xml)?.[1];
  if (body === undefined) throw new VideoProviderError('BigBlueButton sent an answer that is not a <response> document');
  const attendees: BbbAttendee[] = [];
  for (const block of body.matchAll(/<attendee\s*>([\s\S]*?)<\/attendee\s*>/g)) {
    const fields = leaves(block[1]!);
    attendees.push({ userID: fields.userID ?? '', fullName: fields.fullName ?? '', role: fields.role ?? '' });
  }
  const fields = leaves(body);
  const { returncode, messageKey, message, ...rest } = fields;
  if (returncode !== 'SUCCESS' && returncode !== 'FAILED') {
    throw new VideoProviderError(`BigBlueButton sent a <response> without a SUCCESS/FAILED returncode (${returncode ?? 'none'})`);
  }
  return { returncode, messageKey: messageKey || undefined, message: message || undefined, fields: rest, attendees };
}

function toRole(role: string): MeetingRole {
  return role.toUpperCase() === 'MODERATOR' ? 'moderator' : 'attendee';
}

/** getMeetingInfo's SUCCESS answer → the port's MeetingInfo. */
export function toMeetingInfo(response: BbbResponse): MeetingInfo {
  const participants = response.attendees.map((a) => ({ userId: a.userID, fullName: a.fullName, role: toRole(a.role) }));
  const count = Number(response.fields.participantCount);
  return {
    running: response.fields.running === 'true',
    participantCount: Number.isInteger(count) && count >= 0 ? count : participants.length,
    participants,
  };
}

// -------------------------------------------------------------------------------- adapter

export interface BigBlueButtonOptions {
  /** Default: env BIGBLUEBUTTON_BASE_URL (read at each call). BigBlueButton has no shared production URL. */
  baseUrl?: string;
  secret?: SecretSource | (() => Promise<string>);
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function bigBlueButton(options: BigBlueButtonOptions = {}): VideoProvider {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? BIGBLUEBUTTON_TIMEOUT_MS;
  const secret = options.secret ?? bigBlueButtonSecret;
  const refreshable = 'refreshable' in secret && secret.refreshable;
  const baseUrl = (): string => {
    const url = options.baseUrl?.replace(/\/+$/, '') ?? providerBaseUrl(BIGBLUEBUTTON_SECRET.providerId, '');
    if (!url) throw new VideoProviderError('BigBlueButton is not configured: set BIGBLUEBUTTON_BASE_URL (cdk deploy -c bigBlueButtonUrl=…)');
    return url;
  };

  async function send(call: BbbCall, params: Record<string, string>, key: string): Promise<BbbResponse> {
    // The URL carries a checksum valid for this call: it is never logged, only the call and meeting.
    const context = `BigBlueButton ${call}${params.meetingID ? ` ${params.meetingID}` : ''}`;
    let response: Response;
    try {
      response = await fetchImpl(signedUrl(baseUrl(), call, params, key), {
        headers: { accept: 'application/xml, text/xml' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof VideoProviderError) throw error;
      const name = (error as Error).name;
      const message = name === 'TimeoutError' || name === 'AbortError'
        ? `${context}: no answer within ${timeoutMs / 1000} s`
        : `${context}: request failed (${(error as Error).message})`;
      logger.warn(message);
      throw new VideoProviderError(message);
    }
    const text = await response.text();
    if (!response.ok) {
      const message = `${context}: unexpected answer (HTTP ${response.status})`;
      logger.warn(message, { httpStatus: response.status });
      throw new VideoProviderError(message);
    }
    try {
      return parseBbbResponse(text);
    } catch (error) {
      const message = `${context}: ${(error as Error).message}`;
      logger.warn(message);
      throw new VideoProviderError(message);
    }
  }

  /** One call; after a checksumError with a secret from SSM, fetch the secret again once (it may have been rolled). */
  async function call(name: BbbCall, params: Record<string, string>): Promise<BbbResponse> {
    const answer = await send(name, params, await secret());
    if (answer.messageKey !== 'checksumError' || !refreshable) return answer;
    return send(name, params, await (secret as SecretSource)({ forceFetch: true }));
  }

  function failure(name: BbbCall, meetingId: string, answer: BbbResponse): VideoProviderError {
    const message = `BigBlueButton ${name} ${meetingId} failed: ${answer.messageKey ?? 'no messageKey'}${answer.message ? ` (${answer.message})` : ''}`;
    logger.warn(message, { messageKey: answer.messageKey });
    return new VideoProviderError(message, answer.messageKey);
  }

  return {
    async createMeeting(input) {
      const answer = await call('create', {
        meetingID: input.meetingId,
        name: input.name,
        logoutURL: input.logoutUrl,
        record: String(input.record ?? false),
        duration: String(input.durationMinutes),
      });
      // SUCCESS covers duplicateWarning: the room exists already, which is what a retried create wants.
      if (answer.returncode !== 'SUCCESS') throw failure('create', input.meetingId, answer);
    },

    async joinUrl(input) {
      return signedUrl(baseUrl(), 'join', {
        meetingID: input.meetingId,
        fullName: input.fullName,
        userID: input.userId,
        role: BBB_ROLE[input.role],
        redirect: 'true',
      }, await secret());
    },

    async endMeeting(meetingId) {
      const answer = await call('end', { meetingID: meetingId });
      if (answer.returncode === 'SUCCESS' || answer.messageKey === 'notFound') return;
      throw failure('end', meetingId, answer);
    },

    async isMeetingRunning(meetingId) {
      const answer = await call('isMeetingRunning', { meetingID: meetingId });
      if (answer.returncode !== 'SUCCESS') throw failure('isMeetingRunning', meetingId, answer);
      return answer.fields.running === 'true';
    },

    async meetingInfo(meetingId) {
      const answer = await call('getMeetingInfo', { meetingID: meetingId });
      if (answer.returncode === 'SUCCESS') return toMeetingInfo(answer);
      if (answer.messageKey === 'notFound') return null;
      throw failure('getMeetingInfo', meetingId, answer);
    },
  };
}

let cached: VideoProvider | undefined;
/** The provider for this Lambda container (created once; reads its configuration lazily). */
export function videoProvider(): VideoProvider {
  cached ??= bigBlueButton();
  return cached;
}
