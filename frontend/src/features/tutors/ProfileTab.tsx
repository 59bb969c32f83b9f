/**
 * Profile tab of the tutor dashboard (spec §2, §4 "Edit profile": closed → open → saving →
 * closed). The form (react-hook-form + zod) is its own chunk, fetched once "Edit Profile" is
 * pointed at or focused.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Profile } from '@functions/profiles/contract';
import { DEFAULT_HOURLY_RATE, DEFAULT_MIN_NOTICE_HOURS, LEVEL_LABELS } from '@functions/tutors/catalog';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../shared/ui/Button';
import { loadOnIntent } from '../../shared/load-on-intent';
import { PageLoading } from '../../shared/ui/Spinner';
import { myKycDocumentsQuery, VERIFICATION_BADGES, verificationBadge } from '../kyc';
import { TutorAvatar } from './components';
import { dashboardRate } from './format';
import { zoneName } from '../../shared/format';

const loadEditor = () => import('./ProfileEditor');
const ProfileEditor = lazy(() => loadEditor().then((m) => ({ default: m.ProfileEditor })));

export function ProfileTab({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const verified = profile.kycStatus === 'approved';
  // The badge reads the documents like the KYC card does, so "pending" never sits beside "Get Started".
  const documents = useQuery({ ...myKycDocumentsQuery(), enabled: !verified });
  const badge = verified ? VERIFICATION_BADGES.approved : documents.data ? verificationBadge(profile.kycStatus, documents.data.documents) : null;

  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back from the form: focus returns to the button that opened it.
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <Suspense fallback={<PageLoading label="Opening the profile form…" />}>
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
          Edit Profile
        </Button>
      </div>

      <dl className="profile-facts">
        <Fact term="Bio" wide>
          {profile.bio ? <span className="pre-line">{profile.bio}</span> : <NotSet />}
        </Fact>
        <Fact term="Hourly rate">{dashboardRate(profile.hourlyRate, DEFAULT_HOURLY_RATE)}</Fact>
        <Fact term="Time zone">{zoneName(profile.timeZone)}</Fact>
        <Fact term="Minimum notice">{noticeLabel(profile.minNoticeHours ?? DEFAULT_MIN_NOTICE_HOURS)}</Fact>
        <Fact term="Teaching experience" wide>
          {profile.teachingExperience ? <span className="pre-line">{profile.teachingExperience}</span> : <NotSet />}
        </Fact>
        <Fact term="Education" wide>
          {profile.educationBackground ? <span className="pre-line">{profile.educationBackground}</span> : <NotSet />}
        </Fact>
        <Fact term="Expertise" wide>
          <Tags items={profile.expertise} />
        </Fact>
        <Fact term="Specializations" wide>
          <Tags items={profile.specializations} />
        </Fact>
        <Fact term="Preferred subjects" wide>
          <Tags items={profile.preferredSubjects} />
        </Fact>
        <Fact term="Levels" wide>
          <Tags items={profile.levels.map((level) => LEVEL_LABELS[level])} />
        </Fact>
        <Fact term="Certifications" wide>
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

const NotSet = () => <span className="muted">Not set</span>;

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
const noticeLabel = (hours: number) =>
  hours === 0 ? 'None: bookable until the lesson starts' : `${hours} ${hours === 1 ? 'hour' : 'hours'} ahead`;
