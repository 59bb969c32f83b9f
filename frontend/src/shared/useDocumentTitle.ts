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

let prerenderDescription: string | undefined;

/** Prerendering: the meta description the page asked for (a subject page's), for its HTML's head. */
export function rememberPrerenderDescription(text: string): void {
  if (typeof document === 'undefined') prerenderDescription = text;
}

/** The description the last prerendered page asked for, then forgotten. */
export function takePrerenderDescription(): string | undefined {
  const text = prerenderDescription;
  prerenderDescription = undefined;
  return text;
}

/** The title the last prerendered page asked for (frontend/src/prerender.tsx), then forgotten. */
export function takePrerenderTitle(): string | undefined {
  const title = prerenderTitle;
  prerenderTitle = undefined;
  return title;
}
