/** The parts of a tutor's public profile that the profile page and the booking page both show. */
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { TutorAvatar, TutorFiguresLine, VerifiedBadge } from './components';
import { formatAmount, fullName, gradeShortName, monthYear } from './format';
import { useActiveLanguage } from '../../shared/i18n/text';
import { useProfileText } from './profile/text';
import { useSubjectName } from './subjects/text';
import { levelLabel, useTutorsText } from './text';

/** Photo, name, badge, country and rate. Unverified tutors show a plain "Tutor" badge where asked (the booking page). */
export function TutorProfileHeader({ tutor, rate, plainBadge = false }: { tutor: PublicTutorProfile; rate: string; plainBadge?: boolean }) {
  const t = useProfileText();
  return (
    <section className="card profile-header" aria-labelledby="tutor-name">
      <TutorAvatar photoUrl={tutor.profilePhotoUrl} firstName={tutor.firstName} lastName={tutor.lastName} size={88} eager />
      <div>
        <h1 id="tutor-name">{fullName(tutor)}</h1>
        <p className="profile-header-meta">
          {tutor.verified ? <VerifiedBadge /> : plainBadge && <span className="tutor-kind-badge">{t('badge.tutor')}</span>}
          {tutor.country && <span className="muted">{tutor.country}</span>}
        </p>
        <TutorFiguresLine figures={tutor.figures} />
        {tutor.headline && !tutor.bio && <p className="muted">{tutor.headline}</p>}
        <p className="profile-rate">
          <strong>{rate}</strong> <span className="muted">{t('perHour')}</span>
        </p>
      </div>
    </section>
  );
}

/** About, and what and how the tutor teaches. */
export function TutorAboutSections({ tutor }: { tutor: PublicTutorProfile }) {
  const t = useProfileText();
  const common = useTutorsText();
  const subjectName = useSubjectName();
  const language = useActiveLanguage();
  return (
    <>
      {tutor.bio && (
        <section className="card profile-section" aria-labelledby="about-title">
          <h2 id="about-title">{t('about', { name: tutor.firstName })}</h2>
          <p className="pre-line">{tutor.bio}</p>
        </section>
      )}
      <section className="card profile-section" aria-labelledby="teaching-title">
        <h2 id="teaching-title">{t('teaching')}</h2>
        <TagGroup title={t('subjects')} items={tutor.subjects.map(subjectName)} />
        <TagGroup title={t('levels')} items={tutor.levels.map((level) => levelLabel(common, level))} />
        <TagGroup title={t('grades')} items={(tutor.grades ?? []).map((grade) => gradeShortName(grade, language))} />
        <TagGroup title={t('specializations')} items={tutor.specializations.map(subjectName)} />
        <TextBlock title={t('experience')} text={tutor.teachingExperience} />
        <TextBlock title={t('education')} text={tutor.educationBackground} />
        {tutor.certifications.length > 0 && (
          <>
            <h3>{t('certifications')}</h3>
            <ul className="plain-list">
              {tutor.certifications.map((certification) => (
                <li key={certification}>{certification}</li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

/** Real figures only (no invented ratings): member since, weekly hours, completed sessions, rate. */
export function TutorQuickStats({ tutor, rate }: { tutor: PublicTutorProfile; rate: string }) {
  const t = useProfileText();
  const common = useTutorsText();
  const since = monthYear(tutor.memberSince);
  return (
    <section className="card profile-section" aria-labelledby="stats-title">
      <h2 id="stats-title">{t('stats.title')}</h2>
      <dl className="quick-stats">
        {since && (
          <div>
            <dt>{t('stats.memberSince')}</dt>
            <dd>{since}</dd>
          </div>
        )}
        <div>
          <dt>{t('stats.weekly')}</dt>
          <dd>{common('hours', { count: tutor.stats.weeklyHours })}</dd>
        </div>
        {tutor.stats.completedSessions > 0 && (
          <div>
            <dt>{t('stats.completed')}</dt>
            <dd>{formatAmount(tutor.stats.completedSessions)}</dd>
          </div>
        )}
        <div>
          <dt>{t('stats.rate')}</dt>
          <dd>{t('stats.rateValue', { rate })}</dd>
        </div>
      </dl>
    </section>
  );
}

function TextBlock({ title, text }: { title: string; text?: string }) {
  if (!text) return null;
  return (
    <>
      <h3>{title}</h3>
      <p className="pre-line">{text}</p>
    </>
  );
}

function TagGroup({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className="tag-list" role="list" aria-label={title}>
        {items.map((item) => (
          <li key={item} className="tag">
            {item}
          </li>
        ))}
      </ul>
    </>
  );
}
