/** The brand link and the header bar every page starts with; each page brings its own links. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../paths';
import { Logo } from './Icon';
import { LanguageSwitcher } from './LanguageSwitcher';
import { useUiText } from './text';

export function Brand({ logoSize }: { logoSize?: number }) {
  const t = useUiText();
  return (
    <Link to={paths.home} className="brand">
      <Logo size={logoSize} />
      <span>{t('brand')}</span>
    </Link>
  );
}

export function SiteHeader({ navLabel, children }: { navLabel: string; children: ReactNode }) {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Brand />
        <nav className="header-nav" aria-label={navLabel}>
          {children}
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
