/**
 * Profile tab of the tutor dashboard ("Edit profile": closed → open → saving →
 * closed). The form (react-hook-form + zod) is its own chunk, fetched once "Edit Profile" is
 * pointed at or focused.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Profile } from '@functions/profiles/contract';
import { DEFAULT_HOURLY_RATE, DEFAULT_MIN_NOTICE_HOURS } from '@functions/tutors/catalog';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../shared/ui/Button';
import { loadOnIntent } from '../../shared/load-on-intent';
import { PageLoading } from '../../shared/ui/Spinner';
import { effectiveKycStatus, myKycDocumentsQuery } from '../kyc';
import { TutorAvatar } from './components';
import { ksh, zoneName } from '../../shared/format';
import { type DashboardLookup, useDashboardText } from './dashboard/text';
import { useSubjectName } from './subjects/text';
import { levelLabel, useTutorsText } from './text';
import { gradeShortName } from './format';
import { useActiveLanguage } from '../../shared/i18n/text';

const loadEditor = () => import('./ProfileEditor');
const ProfileEditor = lazy(() => loadEditor().then((m) => ({ default: m.ProfileEditor })));

export function ProfileTab({ profile }: { profile: Profile }) {
  const t = useDashboardText();
  const common = useTutorsText();
  const language = useActiveLanguage();
  const subjectName = useSubjectName();
  const [editing, setEditing] = useState(false);
  const verified = profile.kycStatus === 'approved';
  // The badge reads the documents like the KYC card does, so "pending" never sits beside "Get Started".
  const documents = useQuery({ ...myKycDocumentsQuery(), enabled: !verified });
  const status = verified ? 'approved' : documents.data ? effectiveKycStatus(profile.kycStatus, documents.data.documents) : null;
  const badge = status && t(`profile.verification.${status}`);

  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back from the form: focus returns to the button that opened it.
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <Suspense fallback={<PageLoading label={t('profile.opening')} />}>
        <ProfileEditor profile={profile} onClose={() => setEditing(false)} />
      </Suspense>
    );
  }

  return (
    <section className="card profile-card" aria-labelledby="profile-tab-title">
      <div className="profile-card-head">
        <TutorAvatar photoUrl={profile.profilePhotoUrl} firstName={profile.firstName} lastName={profile.lastName} size={80} />
        <div className="profile-card-who">
          <h2 id="profile-tab-title">
            {profile.firstName} {profile.lastName}
          </h2>
          <p className="muted profile-email">{profile.email}</p>
          {badge && <span className={verified ? 'verified-badge' : 'pending-badge'}>{badge}</span>}
        </div>
        <Button ref={editButton} variant="secondary" size="sm" className="profile-edit" onClick={() => setEditing(true)} {...loadOnIntent(loadEditor)}>
          {t('profile.edit')}
        </Button>
      </div>

      <dl className="profile-facts">
        <Fact term={t('profile.bio')} wide>
          {profile.bio ? <span className="pre-line">{profile.bio}</span> : <NotSet />}
        </Fact>
        <Fact term={t('profile.rate')}>
          {profile.hourlyRate == null ? t('profile.rateDefault', { amount: ksh(DEFAULT_HOURLY_RATE) }) : ksh(profile.hourlyRate)}
        </Fact>
        <Fact term={t('profile.zone')}>{zoneName(profile.timeZone)}</Fact>
        <Fact term={t('profile.notice')}>{noticeLabel(t, profile.minNoticeHours ?? DEFAULT_MIN_NOTICE_HOURS)}</Fact>
        <Fact term={t('profile.experience')} wide>
          {profile.teachingExperience ? <span className="pre-line">{profile.teachingExperience}</span> : <NotSet />}
        </Fact>
        <Fact term={t('profile.education')} wide>
          {profile.educationBackground ? <span className="pre-line">{profile.educationBackground}</span> : <NotSet />}
        </Fact>
        <Fact term={t('profile.expertise')} wide>
          <Tags items={profile.expertise.map(subjectName)} />
        </Fact>
        <Fact term={t('profile.specializations')} wide>
          <Tags items={profile.specializations.map(subjectName)} />
        </Fact>
        <Fact term={t('profile.subjects')} wide>
          <Tags items={profile.preferredSubjects.map(subjectName)} />
        </Fact>
        <Fact term={t('profile.levels')} wide>
          <Tags items={profile.levels.map((level) => levelLabel(common, level))} />
        </Fact>
        <Fact term={t('profile.grades')} wide>
          <Tags items={(profile.grades ?? []).map((grade) => gradeShortName(grade, language))} />
        </Fact>
        <Fact term={t('profile.certifications')} wide>
          <Tags items={profile.certifications} />
        </Fact>
      </dl>
    </section>
  );
}

function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'fact fact-wide' : 'fact'}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function NotSet() {
  const t = useDashboardText();
  return <span className="muted">{t('profile.notSet')}</span>;
}

function Tags({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <NotSet />;
  return (
    <ul className="tag-list" role="list">
      {items.map((item) => (
        <li key={item} className="tag">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** "2 hours ahead", "1 hour ahead", "None: bookable until the lesson starts". */
const noticeLabel = (t: DashboardLookup, hours: number) =>
  hours === 0 ? t('profile.noticeNone') : t('profile.noticeHours', { count: hours });
