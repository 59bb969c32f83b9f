import { useEffect } from 'react';

const PRODUCT = "Africa's Learning Platform";

let prerenderTitle: string | undefined;

/** Sets the tab title for a page (screen readers announce it on navigation). */
export function useDocumentTitle(title?: string): void {
  // Prerendering (no document): remember it, so the page's HTML carries the title in its language.
  if (typeof document === 'undefined') prerenderTitle = title;
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
}

/** The title the last prerendered page asked for (frontend/src/prerender.tsx), then forgotten. */
export function takePrerenderTitle(): string | undefined {
  const title = prerenderTitle;
  prerenderTitle = undefined;
  return title;
}
