/**
 * Names the tutor-page consumer shares with the infrastructure that serves and permits its files
 * (infra/aws/constructs/grants.ts, the local gateway).
 */
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';

/** The web bucket's keys the consumer writes and deletes (the grant's resources): the pages and their share images. */
export const SITE_PAGE_KEYS = ['pages/tutor-profile/*', 'share/tutor/*'] as const;

/** The CloudFront distribution to invalidate after a write; unset locally (nothing to invalidate). */
export const DISTRIBUTION_ID_ENV = 'WEB_DISTRIBUTION_ID';

/** Where the renderer (the web build's Node build of prerender.tsx) and the shells it fills are; see renderer.ts. */
export const RENDERER_DIR_ENV = 'PAGE_RENDERER_DIR';

/** A tutor's share image (og:image), one per language: /share/tutor/{id}.png, /share/tutor/{id}.sw.png. */
export function tutorShareImage(tutorId: string, language: Language): string {
  return `/share/tutor/${tutorId}${language === DEFAULT_LANGUAGE ? '' : `.${language}`}.png`;
}
