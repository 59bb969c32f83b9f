/**
 * The one site header: brand, the role's links (shared/ui/header-account), the account action and
 * the language, the same on every page. On a phone the links share one row that scrolls sideways
 * (its edge fades while more is hidden) instead of stacking into a tall block of buttons.
 */
import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../paths';
import { Button, buttonClass } from './Button';
import { headerLinks, useHeaderAccount } from './header-account';
import { Logo } from './Icon';
import { LanguageSwitcher } from './LanguageSwitcher';
import { useScrollHint } from './scroll-hint';
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

/** Router state that opens /auth on Create Account (AuthLinkState's shape; shared code knows no feature). */
const SIGN_UP = { tab: 'signup' } as const;

export function SiteHeader() {
  const t = useUiText();
  const account = useHeaderAccount();
  const [signingOut, setSigningOut] = useState(false);
  const links = headerLinks(account);
  const nav = useRef<HTMLElement>(null);
  useScrollHint(nav, `${account.kind}:${links.map((link) => t(link.label)).join()}`);
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Brand />
        <nav ref={nav} className="header-nav" aria-label={t('nav.label')}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={buttonClass('ghost', 'sm')}>
              {t(link.label)}
              {link.label === 'nav.messages' && account.kind === 'user' && account.unread ? (
                <span className="nav-badge" aria-label={t('nav.unread', { count: account.unread })}>{account.unread}</span>
              ) : null}
            </NavLink>
          ))}
          {account.kind === 'visitor' && (
            <>
              <Link to={paths.auth} className={buttonClass('secondary', 'sm')}>
                {t('nav.signIn')}
              </Link>
              <Link to={paths.auth} state={SIGN_UP} className={buttonClass('primary', 'sm')}>
                {t('nav.getStarted')}
              </Link>
            </>
          )}
          {account.kind === 'user' && (
            <Button
              size="sm"
              variant="secondary"
              busy={signingOut}
              onClick={() => {
                setSigningOut(true);
                void account.signOut().finally(() => setSigningOut(false));
              }}
            >
              {t('nav.signOut')}
            </Button>
          )}
        </nav>
        {account.kind === 'user' && account.control}
        <LanguageSwitcher />
      </div>
    </header>
  );
}
