/**
 * The site's origin: the browser's, or, while a record page is rendered in Node (prerender.tsx,
 * functions/sitepages), the site it is rendered for, so links made from it (a share link) are the
 * ones the browser makes when it hydrates the page.
 */
let renderOrigin = '';

export function setRenderOrigin(origin: string): void {
  renderOrigin = origin;
}

export function siteOrigin(): string {
  return typeof window === 'undefined' ? renderOrigin : window.location.origin;
}
