/**
 * /live-left.html, the video server's logoutURL (functions/live/left-page.ts): its script, run as
 * a browser would, tells the lesson page around the frame, at the app's own origin only, and
 * links back only to a lesson page.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { LEFT_CLASSROOM_MESSAGE, LIVE_LEFT_PATH } from './left-page.js';

const publicDir = new URL('../../frontend/public/', import.meta.url);
const script = readFileSync(new URL('live-left.js', publicDir), 'utf8');

function openLeftPage(search: string, framed: boolean) {
  const back = { href: '/my-bookings', textContent: 'Back to My Bookings' };
  const parent = { postMessage: vi.fn() };
  const window: Record<string, unknown> = { location: { search, origin: 'https://learn.example' } };
  window.parent = framed ? parent : window;
  runInNewContext(script, { window, document: { getElementById: (id: string) => (id === 'back' ? back : null) }, URLSearchParams });
  return { back, postMessage: parent.postMessage };
}

describe('the page a user lands on after leaving the classroom', () => {
  it('is the static page the logoutURL names, and runs only its own small script', () => {
    const html = readFileSync(new URL(LIVE_LEFT_PATH.slice(1), publicDir), 'utf8');
    expect(html).toContain('<h1>You left the class</h1>');
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual(['<script src="/live-left.js" defer>']);
  });

  it('inside the classroom frame: posts the message the lesson page listens for, to the app origin only', () => {
    const { postMessage } = openLeftPage('?lesson=0b7c2f8e-1d2a-4c55-9a51-3c1f6f0e9a10', true);
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(LEFT_CLASSROOM_MESSAGE, 'https://learn.example');
  });

  it('opened on its own: posts nothing and links back to the lesson, or the demo room', () => {
    const lesson = openLeftPage('?lesson=0b7c2f8e-1d2a-4c55-9a51-3c1f6f0e9a10', false);
    expect(lesson.postMessage).not.toHaveBeenCalled();
    expect(lesson.back).toEqual({ href: '/live-tutoring/0b7c2f8e-1d2a-4c55-9a51-3c1f6f0e9a10', textContent: 'Back to the lesson' });
    expect(openLeftPage('?lesson=demo-session', false).back).toEqual({ href: '/live-tutoring/demo-session', textContent: 'Back to the demo room' });
  });

  it('never links where the query string says otherwise', () => {
    for (const search of ['', '?lesson=//evil.example', '?lesson=../admin-dashboard', '?lesson=https%3A%2F%2Fevil.example']) {
      expect(openLeftPage(search, false).back.href, search).toBe('/my-bookings');
    }
  });
});
