/**
 * The phone inbox the messaging sandboxes (Africa's Talking SMS, WhatsApp) show a tester: what the
 * product sent to one number, newest first, readable on a phone. A tester opens /inbox for the list
 * of numbers, /inbox/{number} for one phone. Static pages (no script): reload to see new messages.
 */
import { escapeHtml, pageShell } from '../http.js';

export interface InboxMessage {
  at: string;
  from: string;
  text: string;
  /** What the provider last reported (Success, delivered, Failed …). */
  status: string;
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f5;color:#1b2b3a;padding:12px}
  main{width:100%;max-width:480px;margin:0 auto}
  .badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#8a5a00;
    background:#fff4d6;border-radius:999px;padding:2px 10px}
  h1{font-size:20px;margin:8px 0 12px;overflow-wrap:anywhere}
  ol{list-style:none;margin:0;padding:0;display:grid;gap:10px}
  .message{background:#fff;border-radius:12px;padding:12px 14px;box-shadow:0 1px 4px rgba(20,40,60,.12)}
  .text{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
  .meta{margin:6px 0 0;font-size:13px;color:#5b6b7a;display:flex;flex-wrap:wrap;gap:4px 12px}
  .numbers a{display:block;background:#fff;border-radius:12px;padding:12px 14px;color:#0b5cad;font-weight:600;text-decoration:none}
  .empty{color:#5b6b7a}
  a{color:#0b5cad}
`;

/** One phone's messages. */
export function inboxPage(provider: string, number: string, messages: readonly InboxMessage[]): string {
  const items = [...messages].reverse().map((m) => `<li class="message"><p class="text">${escapeHtml(m.text)}</p>`
    + `<p class="meta"><span>From ${escapeHtml(m.from)}</span><time datetime="${escapeHtml(m.at)}">${escapeHtml(m.at.replace('T', ' ').slice(0, 19))} UTC</time>`
    + `<span class="status">${escapeHtml(m.status)}</span></p></li>`).join('');
  return pageShell({
    title: `${number}: ${provider} inbox`,
    style: STYLE,
    body: `<span class="badge">${escapeHtml(provider)} sandbox</span><h1>Inbox of ${escapeHtml(number)}</h1>`
      + (items ? `<ol class="messages">${items}</ol>` : '<p class="empty">No messages to this number yet. Reload the page after sending one.</p>')
      + '<p><a href="/inbox">All numbers</a></p>',
  });
}

/** Every number that received something, each a link to its inbox. */
export function inboxIndexPage(provider: string, numbers: ReadonlyArray<{ number: string; count: number }>): string {
  const links = numbers.map(({ number, count }) => `<li><a href="/inbox/${encodeURIComponent(number)}">${escapeHtml(number)} (${count})</a></li>`).join('');
  return pageShell({
    title: `${provider} inboxes`,
    style: STYLE,
    body: `<span class="badge">${escapeHtml(provider)} sandbox</span><h1>Phones</h1>`
      + (links ? `<ol class="numbers">${links}</ol>` : '<p class="empty">Nothing sent yet.</p>'),
  });
}
