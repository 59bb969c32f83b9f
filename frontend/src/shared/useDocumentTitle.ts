import { useEffect } from 'react';

const PRODUCT = "Africa's Learning Platform";

/** Sets the tab title for a page (screen readers announce it on navigation). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
}
