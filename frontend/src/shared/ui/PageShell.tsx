/** Every page's frame: a skip link, its header, the one <main id="main"> and an optional footer. */
import type { ReactNode } from 'react';
import { useUiText } from './text';

interface PageShellProps {
  header: ReactNode;
  /** The <main> element's class: the page family's layout (landing, tutors-page, dashboard). */
  className: string;
  footer?: ReactNode;
  children: ReactNode;
}

export function PageShell({ header, className, footer, children }: PageShellProps) {
  const t = useUiText();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {header}
      {/* Focusable from script only, so the skip link really moves focus into the page. */}
      <main id="main" className={className} tabIndex={-1}>
        {children}
      </main>
      {footer}
    </>
  );
}
