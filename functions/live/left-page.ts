/**
 * Where the video provider sends someone who leaves the classroom (its logoutURL). A real
 * BigBlueButton server loads that URL inside the classroom frame, so it is a tiny static page
 * (frontend/public/live-left.html + live-left.js, no app bundle) that tells the lesson page around
 * it, which closes the frame. It is the one page of the app the video server may frame
 * (infra/aws/web-framing.ts); every other page refuses to be framed. Opened on its own, it links back.
 */
export const LIVE_LEFT_PATH = '/live-left.html';

/** What that page posts to the app's own origin (live-left.js sends this literal; a test holds them together). */
export const LEFT_CLASSROOM_MESSAGE = 'alp:left-classroom';

/** The logoutURL of a lesson's room (`lesson`: its booking id) or of the demo room (`demo-session`). */
export const liveLeftUrl = (appOrigin: string, lesson: string) => `${appOrigin}${LIVE_LEFT_PATH}?lesson=${encodeURIComponent(lesson)}`;
