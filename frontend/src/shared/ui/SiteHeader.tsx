/** The brand link and the header bar every page starts with; each page brings its own links. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../paths';
import { Logo } from './Icon';

export function Brand({ logoSize }: { logoSize?: number }) {
  return (
    <Link to={paths.home} className="brand">
      <Logo size={logoSize} />
      <span>Africa's Learning Platform</span>
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
      </div>
    </header>
  );
}
