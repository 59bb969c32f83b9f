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
 * State lives in memory: a restart forgets every meeting. The wire format is in wire.ts, the
 * meetings and their calls in meetings.ts, the classroom page in pages.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen, reply, sendHtml, sendJson } from '../../http.js';
import { meetingBook } from './meetings.js';
import { classroomPage, originOf, roomState, unknownClassroomPage } from './pages.js';
import { API_PATH, BbbFailure, bbbXml, FAILURES, hasValidChecksum, type SandboxMeeting } from './wire.js';

export { API_PATH, bbbXml, hasValidChecksum } from './wire.js';
export type { SandboxMeeting, SandboxParticipant } from './wire.js';

/** A participant whose page has not polled for this long has left (closed tab, lost network). */
export const PRESENCE_TIMEOUT_MS = 30_000;

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

export async function startBigBlueButtonSandbox(options: BigBlueButtonSandboxOptions): Promise<BigBlueButtonSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((message: string) => console.warn(message));
  const appOrigin = originOf(options.appOrigin);
  let publicOrigin = options.publicOrigin ?? '';
  const book = meetingBook({ publicOrigin: () => publicOrigin, presenceTimeoutMs: options.presenceTimeoutMs ?? PRESENCE_TIMEOUT_MS });

  function api(call: string, rawQuery: string, res: ServerResponse): void {
    const xml = (body: string) => reply(res, 200, 'text/xml; charset=utf-8', body);
    if (call === '') {
      return xml(bbbXml('SUCCESS', { version: '2.0', apiVersion: '2.0', bbbVersion: 'sandbox' }));
    }
    try {
      if (!['create', 'join', 'end', 'isMeetingRunning', 'getMeetingInfo'].includes(call)) throw FAILURES.unsupported();
      if (!hasValidChecksum(call, rawQuery, options.secret)) throw FAILURES.checksum();
      const params = new URLSearchParams(rawQuery);
      switch (call) {
        case 'create': return xml(book.create(params));
        case 'join': {
          const joined = book.join(params);
          if ('xml' in joined) return xml(joined.xml);
          res.writeHead(302, { location: joined.redirect, 'cache-control': 'no-store' });
          res.end();
          return;
        }
        case 'end': return xml(book.end(params));
        case 'isMeetingRunning': return xml(book.isMeetingRunning(params));
        default: return xml(book.getMeetingInfo(params));
      }
    } catch (error) {
      if (!(error instanceof BbbFailure)) throw error;
      return xml(bbbXml('FAILED', { messageKey: error.messageKey, message: error.message }));
    }
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
      if (method !== 'GET' && method !== 'HEAD') return reply(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
      return api(call, rawQuery, res);
    }

    const classroom = /^\/classroom\/([a-z0-9]+)(\/heartbeat|\/leave)?$/.exec(path);
    if (classroom) {
      const session = book.session(classroom[1]!);
      const action = classroom[2];
      if (!action && (method === 'GET' || method === 'HEAD')) {
        const page = session ? classroomPage(session, book.present(session.meeting), appOrigin) : unknownClassroomPage(appOrigin);
        return sendHtml(res, session ? 200 : 404, page.html, page.headers);
      }
      if (method !== 'POST') return reply(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
      if (!session) return sendJson(res, 404, { message: 'Unknown classroom link' });
      if (action === '/heartbeat') {
        if (!session.participant.left && !session.meeting.ended) session.participant.lastSeen = Date.now();
        return sendJson(res, 200, roomState(session, book.present(session.meeting)));
      }
      session.participant.left = true;
      res.writeHead(303, { location: session.meeting.logoutURL || '/', 'cache-control': 'no-store' });
      res.end();
      return;
    }

    if (path === '/__sandbox/meetings' && method === 'GET') {
      const now = Date.now();
      return sendJson(res, 200, {
        meetings: book.meetings().map((m) => ({ ...m, running: book.running(m), inRoom: book.present(m, now).map((p) => p.userID) })),
      });
    }
    reply(res, 404, 'text/plain; charset=utf-8', 'Not found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log(`[bigbluebutton-sandbox] ${req.method} ${req.url?.split('?')[0]} failed: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) res.destroy();
      else reply(res, 500, 'text/plain; charset=utf-8', 'An error occurred in the sandbox');
    });
  });

  const port = await listen(server, options.port, host);
  publicOrigin = (options.publicOrigin ?? `http://localhost:${port}`).replace(/\/+$/, '');

  return {
    apiUrl: `http://${host}:${port}${API_PATH}`,
    url: publicOrigin,
    port,
    meetings: book.meetings,
    close: () => closeServer(server),
  };
}
