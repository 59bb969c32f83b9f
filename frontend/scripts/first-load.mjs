#!/usr/bin/env node
/**
 * First-load JavaScript per route, gzip, from the built files: what index.html loads (entry and
 * modulepreloads) plus the route chunk and everything it imports statically. Fails above the
 * budget for the pages signed-out visitors land on.
 *   npx vite build --config frontend/vite.config.ts && node frontend/scripts/first-load.mjs
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const BUDGET_KB = 120;
/** Route → the page chunk's name (the lazy module's file name). */
const routes = {
  '/': 'LandingPage',
  '/browse-tutors': 'BrowseTutorsPage',
  '/tutor-profile/{id}': 'TutorProfilePage',
  '/auth': 'AuthPage',
  '/tutor-dashboard': 'TutorDashboard',
  '/tutor-availability': 'TutorAvailabilityPage',
  '/student-dashboard': 'StudentDashboard',
  '/book-tutor/{id}': 'BookTutorPage',
  '/book-tutor/{id} form': 'BookingForm',
  '/payment-callback': 'PaymentCallbackPage',
  '/my-bookings': 'MyBookingsPage',
  '/super-admin-dashboard': 'SuperAdminDashboard',
  '/admin-dashboard': 'AdminDashboard',
};
const budgeted = new Set(['/', '/browse-tutors', '/tutor-profile/{id}']);

const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const gz = new Map(files.map((f) => [f, gzipSync(readFileSync(join(assets, f))).length]));
const staticImports = (file) =>
  [...readFileSync(join(assets, file), 'utf8').matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);

function closure(start, seen = new Set()) {
  for (const file of start) {
    if (seen.has(file)) continue;
    seen.add(file);
    closure(staticImports(file), seen);
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
let failed = false;
for (const [route, name] of Object.entries(routes)) {
  const page = files.find((f) => f.startsWith(`${name}-`));
  if (!page) continue;
  const set = closure([...fromHtml, page]);
  const kb = [...set].reduce((sum, f) => sum + (gz.get(f) ?? 0), 0) / 1024;
  const over = budgeted.has(route) && kb > BUDGET_KB;
  failed ||= over;
  const hasZod = [...set].some((f) => /\$ZodType|ZodError/.test(readFileSync(join(assets, f), 'utf8')));
  console.log(`${route.padEnd(22)} ${kb.toFixed(1).padStart(6)} KB gzip  ${set.size} files${hasZod ? '  (zod)' : ''}${over ? `  OVER ${BUDGET_KB} KB` : ''}`);
}
process.exit(failed ? 1 : 0);
