/**
 * Who may frame the app's pages, in one place for CloudFront (infra/aws/constructs/web.ts) and the
 * local gateway (infra/local/gateway/gateway.ts). Nobody may frame the app (clickjacking), except the
 * one static page the video server sends a user who leaves the classroom to (its logoutURL,
 * functions/live/left-page.ts): it replaces the classroom inside the lesson page's frame, so its
 * ancestor is the app itself, and the video server's client too should it open the URL in a frame
 * of its own. No X-Frame-Options there: it cannot name two origins, and browsers obey
 * `frame-ancestors` over it.
 */
import { LIVE_LEFT_PATH } from '../../functions/live/left-page.js';

export { LIVE_LEFT_PATH };

/** Every page but the left page. */
export const APP_FRAME_ANCESTORS = "'none'";

/** The left page: the app itself and, when one is configured, the video server. */
export function liveLeftFrameAncestors(videoOrigin: string | undefined): string {
  return ["'self'", videoOrigin].filter(Boolean).join(' ');
}

/**
 * The framing headers of one path, as the gateway sends them (CloudFront's policies say the same
 * inside the whole Content-Security-Policy).
 */
export function framingHeaders(path: string, videoOrigin: string | undefined): Record<string, string> {
  if (path === LIVE_LEFT_PATH) return { 'content-security-policy': `frame-ancestors ${liveLeftFrameAncestors(videoOrigin)}` };
  return { 'content-security-policy': `frame-ancestors ${APP_FRAME_ANCESTORS}`, 'x-frame-options': 'DENY' };
}
