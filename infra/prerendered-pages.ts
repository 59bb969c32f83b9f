/**
 * Public pages whose HTML is prerendered at build time (frontend/src/prerender.tsx): the path a
 * visitor opens → the file in the web build that answers it. Read by the build, by CloudFront's
 * viewer-request function (infra/constructs/web.ts) and by the local gateway, so all three agree.
 * Every other extension-less path gets index.html, the empty SPA shell.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': '/pages/home.html',
  '/browse-tutors': '/pages/browse-tutors.html',
};

/** The file of the web build that answers an extension-less (SPA) path. */
export function spaFileFor(pathname: string): string {
  return PRERENDERED_PAGES[pathname] ?? '/index.html';
}
