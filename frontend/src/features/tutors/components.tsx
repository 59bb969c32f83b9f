/** Small pieces shared by the public tutor pages and the tutor dashboard. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../shared/ui/Button';
import { Icon, Logo } from '../../shared/ui/Icon';
import { useSession } from '../auth/session';
import { initials } from './format';

/** The photo, or the initials on a brand circle when there is none (or it fails to load). */
export function TutorAvatar({
  photoUrl,
  firstName,
  lastName,
  size = 56,
}: {
  photoUrl?: string | undefined;
  firstName: string;
  lastName: string;
  size?: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.36) };
  if (photoUrl && failed !== photoUrl) {
    return (
      <img
        className="tutor-avatar"
        src={photoUrl}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={style}
        onError={() => setFailed(photoUrl)}
      />
    );
  }
  return (
    <span className="tutor-avatar tutor-avatar-initials" aria-hidden="true" style={style}>
      {initials(firstName, lastName) || '?'}
    </span>
  );
}

export function VerifiedBadge() {
  return (
    <span className="verified-badge">
      <Icon name="shield" size={14} />
      Verified
    </span>
  );
}

/** Header of the open pages: Dashboard when signed in, else Sign In (spec §2 browse). */
export function PublicHeader() {
  const { session } = useSession();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand">
          <Logo />
          <span>Africa's Learning Platform</span>
        </Link>
        <nav className="header-nav" aria-label="Account">
          <Link to="/browse-tutors" className={buttonClass('ghost', 'sm')}>
            Browse Tutors
          </Link>
          {session.status === 'signed-out' ? (
            <Link to="/auth" className={buttonClass('primary', 'sm')}>
              Sign In
            </Link>
          ) : (
            <Link to="/dashboard" className={buttonClass('primary', 'sm')}>
              Dashboard
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
