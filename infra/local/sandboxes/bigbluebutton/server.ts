/**
 * A local, BigBlueButton-compatible video server: the production adapter
 * (functions/live/bigbluebutton.ts) talks to it unchanged, only BIGBLUEBUTTON_BASE_URL and the
 * shared secret differ. It speaks BigBlueButton's API (docs.bigbluebutton.org/development/api):
 *
 *   GET /bigbluebutton/api                      version answer (no checksum, as BigBlueButton)
 *   GET /bigbluebutton/api/{call}?…&checksum=   create, join, end, isMeetingRunning, getMeetingInfo
 *       checksum = hex hash of call + query string (as received, without checksum) + secret;
 *       SHA-1, SHA-256, SHA-384 or SHA-512, told apart by length as BigBlueButton does. Every
 *       answer is `<response><returncode>SUCCESS|FAILED</returncode>…</response>`, HTTP 200:
 *       checksumError, missingParamMeetingID, missingParamName, missingParamFullName,
 *       invalidPassword, invalidMeetingIdentifier, meetingForciblyEnded, notFound,
 *       duplicateWarning (create of an open room: SUCCESS), sentEndMeetingRequest.
 *   join with redirect=true (the default) answers 302 to the classroom page below; role is
 *   MODERATOR or VIEWER (BigBlueButton 2.4+), or the meeting's moderatorPW / attendeePW.
 *
 * and plays BigBlueButton's client for the participant:
 *
 *   GET  /classroom/{token}             meeting name, your name and role, who is in the room, Leave
 *   POST /classroom/{token}/heartbeat   the page's 2-second poll: keeps you in the room, answers JSON
 *   POST /classroom/{token}/leave       leaves the room, 303 to the meeting's logoutURL (in the page's own frame,
 *                                       where BigBlueButton's client loads it too)
 *   GET  /__sandbox/meetings            everything it holds (debugging, tests)
 *
 * A participant is in the room from join until Leave, the end of the meeting, or
 * {@link PRESENCE_TIMEOUT_MS} without a heartbeat. A meeting is running from its first join until
 * `end`. The classroom page may be framed by the app's origin (frame-ancestors), never by others.
 * State lives in memory: a restart forgets every meeting.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export const API_PATH = '/bigbluebutton/api';
/** A participant whose page has not polled for this long has left (closed tab, lost network). */
export const PRESENCE_TIMEOUT_MS = 30_000;
/** How often the classroom page polls. */
const HEARTBEAT_MS = 2_000;

type BbbRole = 'MODERATOR' | 'VIEWER';

export interface SandboxParticipant {
  token: string;
  userID: string;
  fullName: string;
  role: BbbRole;
  joinedAt: number;
  lastSeen: number;
  left: boolean;
}

export interface SandboxMeeting {
  meetingID: string;
  internalMeetingID: string;
  name: string;
  logoutURL: string;
  record: boolean;
  duration: number;
  attendeePW: string;
  moderatorPW: string;
  voiceBridge: string;
  createTime: number;
  startTime: number;
  endTime: number;
  ended: boolean;
  participants: SandboxParticipant[];
}

export interface BigBlueButtonSandboxOptions {
  /** 0 picks a free port. */
  port: number;
  /** The shared secret (`bbb-conf --secret`) every call's checksum is made with. */
  secret: string;
  /** The app's origin: the only other origin allowed to frame the classroom page. */
  appOrigin: string;
  /** Origin the participant's browser reaches the sandbox at (default http://localhost:{port}). */
  publicOrigin?: string;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Default {@link PRESENCE_TIMEOUT_MS}; tests shorten it. */
  presenceTimeoutMs?: number;
  /** Where warnings go (default console.warn). */
  log?: (message: string) => void;
}

export interface BigBlueButtonSandbox {
  /** BIGBLUEBUTTON_BASE_URL: http://127.0.0.1:{port}/bigbluebutton/api */
  apiUrl: string;
  /** Origin of the classroom pages, as the participant's browser sees it. */
  url: string;
  port: number;
  meetings(): SandboxMeeting[];
  close(): Promise<void>;
}

// ------------------------------------------------------------------------------ wire format

/** BigBlueButton's error, as its ApiController answers it. */
class BbbFailure extends Error {
  constructor(readonly messageKey: string, message: string) {
    super(message);
  }
}

const FAILURES = {
  checksum: () => new BbbFailure('checksumError', 'You did not pass the checksum security check'),
  meetingId: () => new BbbFailure('missingParamMeetingID', 'You must specify a meeting ID for the meeting.'),
  name: () => new BbbFailure('missingParamName', 'You must specify a name for the meeting.'),
  fullName: () => new BbbFailure('missingParamFullName', 'You must specify a name for the attendee who will be joining the meeting.'),
  password: () => new BbbFailure('invalidPassword',
    'You either did not supply a password or the password supplied is neither the attendee or moderator password for this conference.'),
  unknownMeeting: () => new BbbFailure('invalidMeetingIdentifier', 'The meeting ID that you supplied did not match any existing meetings'),
  ended: () => new BbbFailure('meetingForciblyEnded', 'You can not re-join a meeting that has already been forcibly ended.'),
  notFound: () => new BbbFailure('notFound', 'We could not find a meeting with that meeting ID - perhaps the meeting is not yet running?'),
  unsupported: () => new BbbFailure('unsupportedRequest', 'This request is not supported.'),
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

type XmlValue = string | number | boolean | XmlValue[] | { [tag: string]: XmlValue };

function xmlElements(fields: Record<string, XmlValue>): string {
  return Object.entries(fields).map(([tag, value]) => {
    if (Array.isArray(value)) return `<${tag}>${value.map((v) => xmlElements(v as Record<string, XmlValue>)).join('')}</${tag}>`;
    if (typeof value === 'object') return `<${tag}>${xmlElements(value)}</${tag}>`;
    return `<${tag}>${escapeXml(String(value))}</${tag}>`;
  }).join('');
}

/** `<response><returncode>…` with the given elements, in order. */
export function bbbXml(returncode: 'SUCCESS' | 'FAILED', fields: Record<string, XmlValue> = {}): string {
  return `<response>${xmlElements({ returncode, ...fields })}</response>`;
}

/**
 * Written here on purpose instead of importing the adapter's helper: the sandbox stands for
 * BigBlueButton, so a signing bug in the adapter must not be able to hide itself in both places.
 * Like BigBlueButton, it hashes the raw query string it received, minus the checksum parameter.
 */
export function hasValidChecksum(callName: string, rawQuery: string, secret: string): boolean {
  const parts = rawQuery === '' ? [] : rawQuery.split('&');
  const given = parts.filter((p) => p.startsWith('checksum=')).map((p) => p.slice('checksum='.length));
  if (given.length !== 1 || !/^[0-9a-fA-F]+$/.test(given[0]!)) return false;
  const algorithm = ({ 40: 'sha1', 64: 'sha256', 96: 'sha384', 128: 'sha512' } as Record<number, string>)[given[0]!.length];
  if (!algorithm) return false;
  const signed = parts.filter((p) => !p.startsWith('checksum=')).join('&');
  const expected = createHash(algorithm).update(`${callName}${signed}${secret}`, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(given[0]!, 'hex'));
}

function meetingFields(m: SandboxMeeting): Record<string, XmlValue> {
  return {
    meetingID: m.meetingID,
    internalMeetingID: m.internalMeetingID,
    parentMeetingID: 'bbb-none',
    attendeePW: m.attendeePW,
    moderatorPW: m.moderatorPW,
    createTime: m.createTime,
    voiceBridge: m.voiceBridge,
    dialNumber: '613-555-1234',
    createDate: new Date(m.createTime).toUTCString(),
    hasUserJoined: m.startTime > 0,
    duration: m.duration,
    hasBeenForciblyEnded: m.ended,
  };
}

// ---------------------------------------------------------------------------------- helpers

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
function token(length: number): string {
  return Array.from(randomBytes(length), (b) => ALNUM[b % ALNUM.length]).join('');
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', ...headers });
  res.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function originOf(url: string): string | undefined {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

const ROLE_LABEL: Record<BbbRole, string> = { MODERATOR: 'Moderator', VIEWER: 'Attendee' };

// ------------------------------------------------------------------------------------ pages

const STYLE = `
  *{box-sizing:border-box}
  [hidden]{display:none!important}
  body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f1b2a;color:#e8eef5;min-height:100vh}
  main{max-width:760px;margin:0 auto;padding:12px;display:flex;flex-direction:column;gap:12px;min-height:100vh}
  header{display:flex;flex-wrap:wrap;align-items:center;gap:8px;justify-content:space-between}
  .badge{font-size:11px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#3b2a00;background:#ffd66b;border-radius:999px;padding:2px 10px}
  h1{font-size:18px;margin:0;overflow-wrap:anywhere}
  .you{margin:0;color:#b8c6d6;font-size:14px}
  .role{display:inline-block;font-size:12px;font-weight:700;border-radius:6px;padding:1px 8px;margin-left:4px}
  .role.Moderator{background:#1f7a4d;color:#fff}.role.Attendee{background:#2f5d8a;color:#fff}
  .stage{flex:1;display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px;align-content:start}
  .tile{background:#1b2c40;border-radius:10px;aspect-ratio:4/3;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px;padding:8px;text-align:center}
  .tile.me{outline:2px solid #4fb3ff}
  .avatar{width:48px;height:48px;border-radius:50%;background:#4fb3ff;color:#0f1b2a;font-weight:700;display:flex;align-items:center;justify-content:center;font-size:18px}
  .name{font-size:14px;overflow-wrap:anywhere}
  h2{font-size:14px;margin:0;color:#b8c6d6;font-weight:600}
  .ended{background:#3a1d1d;border:1px solid #a33;border-radius:10px;padding:16px;text-align:center;font-size:17px;font-weight:600}
  .bar{display:flex;gap:8px;justify-content:center;padding-bottom:4px}
  button{font:inherit;font-weight:700;border:0;border-radius:999px;padding:12px 28px;cursor:pointer;background:#d93b3b;color:#fff;min-width:140px}
  button:focus-visible{outline:3px solid #4fb3ff;outline-offset:2px}
  .note{font-size:12px;color:#8da2b8;margin:0;text-align:center}
`;

function page(title: string, nonce: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`;
}

const initials = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '?';

function tiles(people: Array<{ fullName: string; role: BbbRole; you: boolean }>): string {
  return people.map((p) => `<div class="tile${p.you ? ' me' : ''}"><div class="avatar" aria-hidden="true">${escapeHtml(initials(p.fullName))}</div>`
    + `<div class="name">${escapeHtml(p.fullName)}${p.you ? ' (you)' : ''}</div><span class="role ${ROLE_LABEL[p.role]}">${ROLE_LABEL[p.role]}</span></div>`).join('');
}

/** The page's poll: keeps the participant present and redraws the room (no framework, ~20 lines). */
const CLASSROOM_SCRIPT = `
(function(){
  var base = location.pathname;
  var stage = document.getElementById('stage'), count = document.getElementById('count');
  var ended = document.getElementById('ended'), bar = document.getElementById('bar');
  var labels = { MODERATOR: 'Moderator', VIEWER: 'Attendee' };
  function esc(s){ var d = document.createElement('div'); d.textContent = s; return d.innerHTML; }
  function ini(n){ return n.split(/\\s+/).filter(Boolean).slice(0,2).map(function(w){return w[0].toUpperCase();}).join('') || '?'; }
  function draw(state){
    if (state.ended) { ended.hidden = false; bar.hidden = true; stage.innerHTML = ''; count.textContent = '0'; clearInterval(timer); return; }
    count.textContent = String(state.participants.length);
    stage.innerHTML = state.participants.map(function(p){
      var l = labels[p.role];
      return '<div class="tile' + (p.you ? ' me' : '') + '"><div class="avatar" aria-hidden="true">' + esc(ini(p.fullName)) + '</div><div class="name">'
        + esc(p.fullName) + (p.you ? ' (you)' : '') + '</div><span class="role ' + l + '">' + l + '</span></div>';
    }).join('');
  }
  function poll(){ fetch(base + '/heartbeat', { method: 'POST' }).then(function(r){ return r.ok ? r.json() : null; }).then(function(s){ if (s) draw(s); }, function(){}); }
  var timer = setInterval(poll, ${HEARTBEAT_MS});
})();`;

// ----------------------------------------------------------------------------------- server

export async function startBigBlueButtonSandbox(options: BigBlueButtonSandboxOptions): Promise<BigBlueButtonSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((message: string) => console.warn(message));
  const presenceTimeoutMs = options.presenceTimeoutMs ?? PRESENCE_TIMEOUT_MS;
  const appOrigin = originOf(options.appOrigin);
  const meetings = new Map<string, SandboxMeeting>();
  const sessions = new Map<string, { meeting: SandboxMeeting; participant: SandboxParticipant }>();
  let publicOrigin = options.publicOrigin ?? '';

  const present = (m: SandboxMeeting, now = Date.now()) =>
    m.ended ? [] : m.participants.filter((p) => !p.left && now - p.lastSeen < presenceTimeoutMs);

  function requireMeetingId(params: URLSearchParams): string {
    const id = params.get('meetingID')?.trim();
    if (!id) throw FAILURES.meetingId();
    return id;
  }

  function create(params: URLSearchParams): string {
    const name = params.get('name')?.trim();
    if (!name) throw FAILURES.name();
    const meetingID = requireMeetingId(params);
    const existing = meetings.get(meetingID);
    if (existing && !existing.ended) {
      return bbbXml('SUCCESS', {
        ...meetingFields(existing),
        messageKey: 'duplicateWarning',
        message: 'This conference was already in existence and may currently be in progress.',
      });
    }
    const createTime = Date.now();
    const duration = Number(params.get('duration') ?? '0');
    const meeting: SandboxMeeting = {
      meetingID,
      internalMeetingID: `${createHash('sha1').update(meetingID).digest('hex')}-${createTime}`,
      name,
      logoutURL: params.get('logoutURL') || publicOrigin,
      record: params.get('record') === 'true',
      duration: Number.isInteger(duration) && duration > 0 ? duration : 0,
      attendeePW: params.get('attendeePW') || token(8),
      moderatorPW: params.get('moderatorPW') || token(8),
      voiceBridge: String(70000 + randomInt(10000)),
      createTime,
      startTime: 0,
      endTime: 0,
      ended: false,
      participants: [],
    };
    // A room that was ended is replaced by a fresh one, as BigBlueButton forgets ended meetings.
    meetings.set(meetingID, meeting);
    return bbbXml('SUCCESS', meetingFields(meeting));
  }

  function join(params: URLSearchParams, res: ServerResponse): void {
    const meetingID = requireMeetingId(params);
    const fullName = params.get('fullName')?.trim();
    if (!fullName) throw FAILURES.fullName();
    const meeting = meetings.get(meetingID);
    if (!meeting) throw FAILURES.unknownMeeting();
    if (meeting.ended) throw FAILURES.ended();
    const askedRole = params.get('role')?.toUpperCase();
    const password = params.get('password');
    const role: BbbRole | undefined = askedRole === 'MODERATOR' || askedRole === 'VIEWER' ? askedRole
      : password === meeting.moderatorPW ? 'MODERATOR' : password === meeting.attendeePW ? 'VIEWER' : undefined;
    if (!role) throw FAILURES.password();

    const now = Date.now();
    const userID = params.get('userID') || `w_${token(12)}`;
    // The same user joining again (second tab, reload of the join link) replaces their old seat.
    for (const p of meeting.participants) if (p.userID === userID) p.left = true;
    const participant: SandboxParticipant = { token: token(24), userID, fullName, role, joinedAt: now, lastSeen: now, left: false };
    meeting.participants.push(participant);
    sessions.set(participant.token, { meeting, participant });
    if (meeting.startTime === 0) meeting.startTime = now;
    const classroom = `${publicOrigin}/classroom/${participant.token}`;
    if (params.get('redirect') === 'false') {
      send(res, 200, 'text/xml; charset=utf-8', bbbXml('SUCCESS', {
        messageKey: 'successfullyJoined', message: 'You have joined successfully.',
        meeting_id: meeting.internalMeetingID, user_id: userID, auth_token: token(12), session_token: participant.token, url: classroom,
      }));
      return;
    }
    res.writeHead(302, { location: classroom, 'cache-control': 'no-store' });
    res.end();
  }

  function end(params: URLSearchParams): string {
    const meeting = meetings.get(requireMeetingId(params));
    if (!meeting || meeting.ended) throw FAILURES.notFound();
    meeting.ended = true;
    meeting.endTime = Date.now();
    return bbbXml('SUCCESS', {
      messageKey: 'sentEndMeetingRequest',
      message: 'A request to end the meeting was sent.  Please wait a few seconds, and then use the getMeetingInfo or isMeetingRunning API calls to verify that it was ended.',
    });
  }

  const running = (m: SandboxMeeting | undefined) => !!m && !m.ended && m.startTime > 0;

  function getMeetingInfo(params: URLSearchParams): string {
    const meeting = meetings.get(requireMeetingId(params));
    if (!meeting || meeting.ended) throw FAILURES.notFound();
    const inRoom = present(meeting);
    return bbbXml('SUCCESS', {
      meetingName: meeting.name,
      ...meetingFields(meeting),
      running: running(meeting),
      recording: meeting.record,
      startTime: meeting.startTime,
      endTime: meeting.endTime,
      participantCount: inRoom.length,
      listenerCount: 0,
      voiceParticipantCount: 0,
      videoCount: 0,
      maxUsers: 0,
      moderatorCount: inRoom.filter((p) => p.role === 'MODERATOR').length,
      attendees: inRoom.map((p) => ({
        attendee: {
          userID: p.userID, fullName: p.fullName, role: p.role, isPresenter: p.role === 'MODERATOR',
          isListeningOnly: false, hasJoinedVoice: false, hasVideo: false, clientType: 'HTML5',
        },
      })),
      metadata: {},
      isBreakout: false,
    });
  }

  function api(call: string, rawQuery: string, res: ServerResponse): void {
    const xml = (body: string) => send(res, 200, 'text/xml; charset=utf-8', body);
    if (call === '') {
      return xml(bbbXml('SUCCESS', { version: '2.0', apiVersion: '2.0', bbbVersion: 'sandbox' }));
    }
    try {
      if (!['create', 'join', 'end', 'isMeetingRunning', 'getMeetingInfo'].includes(call)) throw FAILURES.unsupported();
      if (!hasValidChecksum(call, rawQuery, options.secret)) throw FAILURES.checksum();
      const params = new URLSearchParams(rawQuery);
      switch (call) {
        case 'create': return xml(create(params));
        case 'join': return join(params, res);
        case 'end': return xml(end(params));
        case 'isMeetingRunning': return xml(bbbXml('SUCCESS', { running: running(meetings.get(requireMeetingId(params))) }));
        default: return xml(getMeetingInfo(params));
      }
    } catch (error) {
      if (!(error instanceof BbbFailure)) throw error;
      return xml(bbbXml('FAILED', { messageKey: error.messageKey, message: error.message }));
    }
  }

  /** The page may be framed by the app, and its Leave form may land on the meeting's logoutURL. */
  function pageHeaders(nonce: string, logoutURL?: string): Record<string, string> {
    const ancestors = ["'self'", appOrigin].filter(Boolean).join(' ');
    const formTargets = ["'self'", appOrigin, logoutURL ? originOf(logoutURL) : undefined].filter(Boolean).join(' ');
    return {
      'content-security-policy': [
        "default-src 'none'", `style-src 'nonce-${nonce}'`, `script-src 'nonce-${nonce}'`, "connect-src 'self'",
        "base-uri 'none'", `form-action ${formTargets}`, `frame-ancestors ${ancestors}`,
      ].join('; '),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
  }

  function roomState(session: { meeting: SandboxMeeting; participant: SandboxParticipant }) {
    const { meeting, participant } = session;
    return {
      meetingName: meeting.name,
      ended: meeting.ended,
      left: participant.left,
      you: { fullName: participant.fullName, role: participant.role },
      participants: present(meeting).map((p) => ({ fullName: p.fullName, role: p.role, you: p.token === participant.token })),
    };
  }

  function classroomPage(res: ServerResponse, session: { meeting: SandboxMeeting; participant: SandboxParticipant }): void {
    const nonce = randomBytes(16).toString('base64');
    const { meeting, participant } = session;
    const state = roomState(session);
    const label = ROLE_LABEL[participant.role];
    const body = `
      <header><span class="badge">Test mode · BigBlueButton sandbox</span></header>
      <div><h1>${escapeHtml(meeting.name)}</h1>
        <p class="you">You: ${escapeHtml(participant.fullName)} <span class="role ${label}">${label}</span></p></div>
      <div id="ended" class="ended" role="status"${meeting.ended ? '' : ' hidden'}>This session has ended</div>
      <h2>In the room (<span id="count">${state.participants.length}</span>)</h2>
      <div id="stage" class="stage" aria-live="polite">${meeting.ended ? '' : tiles(state.participants)}</div>
      <form id="bar" class="bar" method="post" action="/classroom/${participant.token}/leave"${meeting.ended ? ' hidden' : ''}>
        <button type="submit">Leave</button>
      </form>
      <p class="note">No camera or microphone is used here: a real BigBlueButton server shows video in this frame.</p>`;
    send(res, 200, 'text/html; charset=utf-8', page(meeting.name, nonce, body, meeting.ended ? '' : CLASSROOM_SCRIPT),
      pageHeaders(nonce, meeting.logoutURL));
  }

  function unknownClassroom(res: ServerResponse): void {
    const nonce = randomBytes(16).toString('base64');
    send(res, 404, 'text/html; charset=utf-8', page('Classroom not found', nonce, `
      <header><span class="badge">Test mode · BigBlueButton sandbox</span></header>
      <h1>Classroom link not found</h1>
      <p class="you">This link is unknown to the sandbox (it forgets every meeting when it restarts). Join again from the app.</p>`),
    pageHeaders(nonce));
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    const rawQuery = queryAt === -1 ? '' : rawUrl.slice(queryAt + 1);
    const method = req.method ?? 'GET';

    const call = path === API_PATH || path === `${API_PATH}/` ? '' : path.startsWith(`${API_PATH}/`) ? path.slice(API_PATH.length + 1) : undefined;
    if (call !== undefined) {
      // BigBlueButton also takes POST with a form body; the adapter only GETs, and so does this sandbox.
      if (method !== 'GET' && method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
      return api(call, rawQuery, res);
    }

    const classroom = /^\/classroom\/([a-z0-9]+)(\/heartbeat|\/leave)?$/.exec(path);
    if (classroom) {
      const session = sessions.get(classroom[1]!);
      const action = classroom[2];
      if (!action && (method === 'GET' || method === 'HEAD')) return session ? classroomPage(res, session) : unknownClassroom(res);
      if (method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
      if (!session) return send(res, 404, 'application/json', JSON.stringify({ message: 'Unknown classroom link' }));
      if (action === '/heartbeat') {
        if (!session.participant.left && !session.meeting.ended) session.participant.lastSeen = Date.now();
        return send(res, 200, 'application/json', JSON.stringify(roomState(session)));
      }
      session.participant.left = true;
      res.writeHead(303, { location: session.meeting.logoutURL || '/', 'cache-control': 'no-store' });
      res.end();
      return;
    }

    if (path === '/__sandbox/meetings' && method === 'GET') {
      const now = Date.now();
      return send(res, 200, 'application/json', JSON.stringify({
        meetings: [...meetings.values()].map((m) => ({ ...m, running: running(m), inRoom: present(m, now).map((p) => p.userID) })),
      }));
    }
    send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log(`[bigbluebutton-sandbox] ${req.method} ${req.url?.split('?')[0]} failed: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) res.destroy();
      else send(res, 500, 'text/plain; charset=utf-8', 'An error occurred in the sandbox');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  publicOrigin = (options.publicOrigin ?? `http://localhost:${port}`).replace(/\/+$/, '');

  return {
    apiUrl: `http://${host}:${port}${API_PATH}`,
    url: publicOrigin,
    port,
    meetings: () => [...meetings.values()],
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
