/**
 * /certification, open to everyone: Programs (courses flagged as
 * certification programs, with the viewer's own Enroll Now / Continue / View Certificate),
 * My Certificates and Badges (sign-in needed), and Upskilling (the Skills category). The tab is
 * in the URL (?tab=).
 */
import { actsAsStudent } from '@functions/auth/roles-catalog';
import { useMemo, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Course } from '@functions/courses/contract';
import type { Badge, PublicCertificate } from '@functions/certificates/contract';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { Icon, type IconName } from '../../shared/ui/Icon';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useTabParam } from '../../shared/useTabParam';
import { useViewer, type AuthLinkState } from '../auth';
import { catalogueQuery, CourseCard, myEnrolmentsQuery, NO_COURSE_FILTERS } from '../courses';
import { useLearnerScope } from '../households';
import { PublicPage } from '../tutors';
import { myBadgesQuery, myCertificatesQuery, programsQuery } from './api';
import { useCertificationText, type CertificationMessage } from './certification-text';
import { certificateDate } from './format';
import '../courses/courses.css';
import './certificates.css';

const TABS = [
  { id: 'programs', label: 'tab.programs' },
  { id: 'certificates', label: 'tab.certificates' },
  { id: 'badges', label: 'tab.badges' },
  { id: 'upskilling', label: 'tab.upskilling' },
] as const satisfies readonly { id: string; label: CertificationMessage }[];
type TabId = (typeof TABS)[number]['id'];

export function CertificationPage() {
  const t = useCertificationText();
  useDocumentTitle(t('title'));
  const [tab, selectTab] = useTabParam(TABS);
  const tabs = TABS.map((item) => ({ id: item.id, label: t(item.label) }));
  return (
    <PublicPage>
      <div className="certification-intro">
        <h1>{t('heading')}</h1>
        <p className="muted">{t('lead')}</p>
      </div>
      <Tabs label={t('title')} tabs={tabs} selected={tab} onSelect={selectTab} idPrefix="certification">
        {tab === 'programs' && <ProgramsTab />}
        {tab === 'certificates' && <SignedIn tab="certificates" ask={t('signIn.certificates')}><CertificatesTab /></SignedIn>}
        {tab === 'badges' && <SignedIn tab="badges" ask={t('signIn.badges')}><BadgesTab /></SignedIn>}
        {tab === 'upskilling' && <UpskillingTab />}
      </Tabs>
    </PublicPage>
  );
}

/** Personal tabs: a signed-out visitor is asked to sign in and comes back to the same tab. */
function SignedIn({ tab, ask, children }: { tab: TabId; ask: string; children: ReactNode }) {
  const t = useCertificationText();
  const viewer = useViewer();
  if (viewer.kind === 'loading') return <p className="muted">{t('loading')}</p>;
  if (viewer.kind === 'visitor') {
    return (
      <StateCard title={t('signIn.title')} text={ask}>
        <Link to={paths.auth} state={{ returnTo: paths.certification(tab) } satisfies AuthLinkState} className={buttonClass('primary')}>
          {t('signIn.button')}
        </Link>
      </StateCard>
    );
  }
  return <>{children}</>;
}

function CourseGrid({ query, empty, action }: {
  query: ReturnType<typeof useInfiniteQuery<{ courses: Course[]; nextCursor?: string }>>;
  empty: { title: string; text: string };
  action?: (course: Course) => ReactNode;
}) {
  const t = useCertificationText();
  const courses = useMemo(() => query.data?.pages.flatMap((p) => p.courses) ?? [], [query.data]);
  return (
    <QueryState
      query={query}
      loading={t('courses.loading')}
      error={{ title: t('courses.loadFailed'), look: 'block' }}
      empty={{ when: () => courses.length === 0 && !query.hasNextPage, show: <StateCard title={empty.title} text={empty.text} /> }}
    >
      {() => (
        <>
          <ul className="course-grid">
            {courses.map((course) => (
              <li key={course.id}>
                <CourseCard course={course}>{action?.(course)}</CourseCard>
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="center">
              <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>{t('loadMore')}</Button>
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}

function ProgramsTab() {
  const t = useCertificationText();
  const query = useInfiniteQuery(programsQuery());
  const viewer = useViewer();
  const isStudent = viewer.kind === 'user' && actsAsStudent(viewer.role);
  const scope = useLearnerScope();
  const enrolments = useQuery({ ...myEnrolmentsQuery(scope.learnerId), enabled: isStudent && scope.ready });
  const certificates = useQuery({ ...myCertificatesQuery(scope.learnerId), enabled: isStudent && scope.ready });
  const enrolled = new Set(enrolments.data?.enrolments.map((e) => e.course.id));
  const earned = new Map(certificates.data?.certificates.map((c) => [c.courseId, c.code]));
  return (
    <section aria-labelledby="programs-title">
      <h2 id="programs-title" className="visually-hidden">{t('programs.title')}</h2>
      <CourseGrid
        query={query}
        empty={{ title: t('programs.none.title'), text: t('programs.none.text') }}
        action={(course) => {
          const code = earned.get(course.id);
          const [action, to, variant] = code ? ['programs.viewCertificate', paths.certificate(code), 'accent'] as const
            : enrolled.has(course.id) ? ['programs.continue', paths.course(course.id), 'secondary'] as const
            : ['programs.enroll', paths.course(course.id), 'primary'] as const;
          const label = t(action);
          return (
            <div className="program-actions">
              <Link to={to} className={buttonClass(variant, 'sm')} aria-label={t('programs.action', { action: label, course: course.title })}>{label}</Link>
            </div>
          );
        }}
      />
    </section>
  );
}

function UpskillingTab() {
  const t = useCertificationText();
  const query = useInfiniteQuery(catalogueQuery({ ...NO_COURSE_FILTERS, category: 'Skills' }));
  return (
    <section aria-labelledby="upskilling-title">
      <h2 id="upskilling-title">{t('upskilling.title')}</h2>
      <p className="muted">{t('upskilling.lead')}</p>
      <CourseGrid query={query} empty={{ title: t('upskilling.none.title'), text: t('upskilling.none.text') }} />
    </section>
  );
}

function CertificatesTab() {
  const t = useCertificationText();
  const scope = useLearnerScope();
  const query = useQuery({ ...myCertificatesQuery(scope.learnerId), enabled: scope.ready });
  return (
    <section aria-labelledby="my-certificates-title">
      <h2 id="my-certificates-title">{t('certificates.title')}</h2>
      <QueryState
        query={query}
        loading={t('certificates.loading')}
        error={{ title: t('certificates.loadFailed'), look: 'block' }}
        empty={{
          when: (d) => d.certificates.length === 0,
          show: (
            <StateCard title={t('certificates.none.title')} text={t('certificates.none.text')}>
              <Link to={paths.certification()} className={buttonClass('primary')}>{t('certificates.seePrograms')}</Link>
            </StateCard>
          ),
        }}
      >
        {(d) => (
          <ul className="cert-list">
            {d.certificates.map((c) => <CertificateRow key={c.code} cert={c} />)}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function CertificateRow({ cert }: { cert: PublicCertificate }) {
  const t = useCertificationText();
  const revoked = cert.status === 'revoked';
  return (
    <li className="cert-row">
      <div>
        <h3>{cert.courseTitle}</h3>
        <p className="muted">
          {t('certificates.line', { tutor: cert.tutorName, date: certificateDate(cert.issuedAt) })} <span className="certificate-code">{cert.code}</span>
        </p>
      </div>
      <span className={`cert-badge ${revoked ? 'is-revoked' : 'is-valid'}`}>{revoked ? t('certificates.revoked') : t('certificates.valid')}</span>
      <Link to={paths.certificate(cert.code)} className={buttonClass('secondary', 'sm')} aria-label={t('certificates.viewLabel', { course: cert.courseTitle })}>
        {t('certificates.view')}
      </Link>
    </li>
  );
}

const BADGE_ICONS: Record<Badge['id'], IconName> = { 'first-lesson': 'check', 'first-course': 'shield', 'quiz-star': 'spark' };

function BadgesTab() {
  const t = useCertificationText();
  const scope = useLearnerScope();
  const query = useQuery({ ...myBadgesQuery(scope.learnerId), enabled: scope.ready });
  return (
    <section aria-labelledby="badges-title">
      <h2 id="badges-title">{t('badges.title')}</h2>
      <QueryState query={query} loading={t('badges.loading')} error={{ title: t('badges.loadFailed'), look: 'block' }}>
        {(d) => (
          <>
            <p className="muted">{t('badges.earnedCount', { earned: d.badges.filter((b) => b.earned).length, total: d.badges.length })}</p>
            <ul className="badge-grid">
              {d.badges.map((b) => (
                <li key={b.id}>
                  <div className={`skill-badge${b.earned ? ' is-earned' : ''}`}>
                    <span className="skill-badge-icon"><Icon name={BADGE_ICONS[b.id]} size={28} /></span>
                    <h3>{t(`badge.${b.id}.name`)}</h3>
                    <p className="muted">{t(`badge.${b.id}.description`, { count: b.target })}</p>
                    {b.earned ? <p><strong>{t('badges.earned')}</strong></p> : (
                      <>
                        <progress max={b.target} value={b.current} aria-label={t('badges.progress', { badge: t(`badge.${b.id}.name`) })} />
                        <p className="muted">{t('badges.progressCount', { current: b.current, target: b.target })}</p>
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}
