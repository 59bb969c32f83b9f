/** Small pieces shared by the public tutor pages and the tutor dashboard. */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TutorFigures } from '@functions/tutors/contract';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { Icon } from '../../shared/ui/Icon';
import { PageShell } from '../../shared/ui/PageShell';
import { StateCard } from '../../shared/ui/QueryState';
import { SiteHeader } from '../../shared/ui/SiteHeader';
import { initials } from './format';
import { useTutorsText } from './text';

/**
 * The photo, or the initials on a brand circle when there is none (or it fails to load).
 * `eager`: the photo is likely the page's largest paint (a profile's header), so it is fetched at
 * once and first, not after the scripts as a lazy image is.
 */
export function TutorAvatar({
  photoUrl,
  firstName,
  lastName,
  size = 56,
  eager = false,
}: {
  photoUrl?: string | undefined;
  firstName: string;
  lastName: string;
  size?: number;
  eager?: boolean;
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
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
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
  const t = useTutorsText();
  return (
    <span className="verified-badge">
      <Icon name="shield" size={14} />
      {t('verified')}
    </span>
  );
}

/**
 * The tutor's real figures: average and number of reviews, or "New tutor" before the
 * first review (never an invented rating); lessons and students taught once there are any; the
 * usual first-reply time once the tutor has answered a new conversation in the last 30 days.
 */
export function TutorFiguresLine({ figures }: { figures: TutorFigures | undefined }) {
  const t = useTutorsText();
  const lessons = figures?.lessonsTaught ?? 0;
  const students = figures?.studentsTaught ?? 0;
  return (
    <p className="tutor-figures">
      {figures?.rating !== undefined ? (
        <span className="tutor-rating">
          <span aria-hidden="true" className="tutor-rating-star">★</span>
          <strong>
            <span className="visually-hidden">{t('figures.rated')}</span>
            {figures.rating.toFixed(1)}
            <span className="visually-hidden">{t('figures.outOf')}</span>
          </strong>
          <span className="muted">{t('figures.reviews', { count: figures.reviewCount })}</span>
        </span>
      ) : (
        <span className="new-tutor-badge">{t('figures.new')}</span>
      )}
      {lessons > 0 && <span className="muted">{t('figures.lessons', { count: lessons })}</span>}
      {students > 0 && <span className="muted">{t('figures.students', { count: students })}</span>}
      {figures?.replyHours !== undefined && <span className="muted">{t('figures.replies', { count: figures.replyHours })}</span>}
    </p>
  );
}

/** A tutor id that names no tutor (404): the page says so and offers the list. */
export function TutorNotFound() {
  const t = useTutorsText();
  return (
    <StateCard title={t('notFound.title')} text={t('notFound.text')} heading="h1">
      <Link to={paths.browse()} className={buttonClass('primary')}>
        {t('header.browse')}
      </Link>
    </StateCard>
  );
}

/** The frame of the open tutor and booking pages. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <PageShell header={<SiteHeader />} className="tutors-page">
      <div className="container">{children}</div>
    </PageShell>
  );
}
