/** The sandbox's stand-in for BigBlueButton's client: the classroom page and its 2-second poll. */
import { escapeHtml, nonce as newNonce, pageShell } from '../../http.js';
import type { Session } from './meetings.js';
import type { BbbRole } from './wire.js';

/** How often the classroom page polls. */
const HEARTBEAT_MS = 2_000;

const ROLE_LABEL: Record<BbbRole, string> = { MODERATOR: 'Moderator', VIEWER: 'Attendee' };

export function originOf(url: string): string | undefined {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

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

const page = (title: string, nonce: string, body: string, script = '') => pageShell({ title, style: STYLE, body, nonce, script });

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

/** The page may be framed by the app, and its Leave form may land on the meeting's logoutURL. */
function pageHeaders(appOrigin: string | undefined, nonce: string, logoutURL?: string): Record<string, string> {
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

/** What the page shows and its poll answers: the room as the participant sees it. */
export function roomState(session: Session, present: Session['participant'][]) {
  const { meeting, participant } = session;
  return {
    meetingName: meeting.name,
    ended: meeting.ended,
    left: participant.left,
    you: { fullName: participant.fullName, role: participant.role },
    participants: present.map((p) => ({ fullName: p.fullName, role: p.role, you: p.token === participant.token })),
  };
}

export interface Page { html: string; headers: Record<string, string> }

export function classroomPage(session: Session, present: Session['participant'][], appOrigin: string | undefined): Page {
  const nonce = newNonce();
  const { meeting, participant } = session;
  const state = roomState(session, present);
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
  return {
    html: page(meeting.name, nonce, body, meeting.ended ? '' : CLASSROOM_SCRIPT),
    headers: pageHeaders(appOrigin, nonce, meeting.logoutURL),
  };
}

export function unknownClassroomPage(appOrigin: string | undefined): Page {
  const nonce = newNonce();
  return {
    html: page('Classroom not found', nonce, `
      <header><span class="badge">Test mode · BigBlueButton sandbox</span></header>
      <h1>Classroom link not found</h1>
      <p class="you">This link is unknown to the sandbox (it forgets every meeting when it restarts). Join again from the app.</p>`),
    headers: pageHeaders(appOrigin, nonce),
  };
}
