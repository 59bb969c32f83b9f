/**
 * /certification (spec §2; issue 12 item 5), open to everyone: Programs (courses flagged as
 * certification programs, with the viewer's own Enroll Now / Continue / View Certificate),
 * My Certificates and Badges (sign-in needed), and Upskilling (the Skills category). The tab is
 * in the URL (?tab=).
 */
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
import { PublicPage } from '../tutors';
import { myBadgesQuery, myCertificatesQuery, programsQuery } from './api';
import { certificateDate } from './format';
import '../courses/courses.css';
import './certificates.css';

const TABS = [
  { id: 'programs', label: 'Programs' },
  { id: 'certificates', label: 'My Certificates' },
  { id: 'badges', label: 'Badges' },
  { id: 'upskilling', label: 'Upskilling' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function CertificationPage() {
  useDocumentTitle('Certification');
  const [tab, selectTab] = useTabParam(TABS);
  return (
    <PublicPage>
      <div className="certification-intro">
        <h1>Certification &amp; Upskilling</h1>
        <p className="muted">
          Finish every lesson of a course to earn a certificate anyone can verify by its code or QR code. Earn badges as you learn.
        </p>
      </div>
      <Tabs label="Certification" tabs={TABS} selected={tab} onSelect={selectTab} idPrefix="certification">
        {tab === 'programs' && <ProgramsTab />}
        {tab === 'certificates' && <SignedIn tab="certificates" what="your certificates"><CertificatesTab /></SignedIn>}
        {tab === 'badges' && <SignedIn tab="badges" what="your badges"><BadgesTab /></SignedIn>}
        {tab === 'upskilling' && <UpskillingTab />}
      </Tabs>
    </PublicPage>
  );
}

/** Personal tabs: a signed-out visitor is asked to sign in and comes back to the same tab. */
function SignedIn({ tab, what, children }: { tab: TabId; what: string; children: ReactNode }) {
  const viewer = useViewer();
  if (viewer.kind === 'loading') return <p className="muted">Loading…</p>;
  if (viewer.kind === 'visitor') {
    return (
      <StateCard title="Sign in to see this" text={`Sign in to see ${what}.`}>
        <Link to={paths.auth} state={{ returnTo: paths.certification(tab) } satisfies AuthLinkState} className={buttonClass('primary')}>
          Sign In
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
  const courses = useMemo(() => query.data?.pages.flatMap((p) => p.courses) ?? [], [query.data]);
  return (
    <QueryState
      query={query}
      loading="Loading courses…"
      error={{ title: 'Could not load the courses.', look: 'block' }}
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
              <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>Load more</Button>
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}

function ProgramsTab() {
  const query = useInfiniteQuery(programsQuery());
  const viewer = useViewer();
  const isStudent = viewer.kind === 'user' && viewer.role === 'student';
  const enrolments = useQuery({ ...myEnrolmentsQuery(), enabled: isStudent });
  const certificates = useQuery({ ...myCertificatesQuery(), enabled: isStudent });
  const enrolled = new Set(enrolments.data?.enrolments.map((e) => e.course.id));
  const earned = new Map(certificates.data?.certificates.map((c) => [c.courseId, c.code]));
  return (
    <section aria-labelledby="programs-title">
      <h2 id="programs-title" className="visually-hidden">Certification programs</h2>
      <CourseGrid
        query={query}
        empty={{ title: 'No certification programs yet', text: 'Programs appear here as tutors publish them.' }}
        action={(course) => {
          const code = earned.get(course.id);
          const [label, to, variant] = code ? ['View Certificate', paths.certificate(code), 'accent'] as const
            : enrolled.has(course.id) ? ['Continue', paths.course(course.id), 'secondary'] as const
            : ['Enroll Now', paths.course(course.id), 'primary'] as const;
          return (
            <div className="program-actions">
              <Link to={to} className={buttonClass(variant, 'sm')} aria-label={`${label}: ${course.title}`}>{label}</Link>
            </div>
          );
        }}
      />
    </section>
  );
}

function UpskillingTab() {
  const query = useInfiniteQuery(catalogueQuery({ ...NO_COURSE_FILTERS, category: 'Skills' }));
  return (
    <section aria-labelledby="upskilling-title">
      <h2 id="upskilling-title">Upskilling courses</h2>
      <p className="muted">Practical skills for work, from the Skills category of the course catalogue.</p>
      <CourseGrid query={query} empty={{ title: 'No Skills courses yet', text: 'Skills courses appear here as tutors publish them.' }} />
    </section>
  );
}

function CertificatesTab() {
  const query = useQuery(myCertificatesQuery());
  return (
    <section aria-labelledby="my-certificates-title">
      <h2 id="my-certificates-title">My certificates</h2>
      <QueryState
        query={query}
        loading="Loading your certificates…"
        error={{ title: 'Could not load your certificates.', look: 'block' }}
        empty={{
          when: (d) => d.certificates.length === 0,
          show: (
            <StateCard title="No certificates yet" text="Complete every lesson of a course to earn its certificate.">
              <Link to={paths.certification()} className={buttonClass('primary')}>See the programs</Link>
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
  const revoked = cert.status === 'revoked';
  return (
    <li className="cert-row">
      <div>
        <h3>{cert.courseTitle}</h3>
        <p className="muted">
          by {cert.tutorName} · issued {certificateDate(cert.issuedAt)} · <span className="certificate-code">{cert.code}</span>
        </p>
      </div>
      <span className={`cert-badge ${revoked ? 'is-revoked' : 'is-valid'}`}>{revoked ? 'Revoked' : 'Valid'}</span>
      <Link to={paths.certificate(cert.code)} className={buttonClass('secondary', 'sm')} aria-label={`View certificate: ${cert.courseTitle}`}>
        View Certificate
      </Link>
    </li>
  );
}

const BADGE_ICONS: Record<Badge['id'], IconName> = { 'first-lesson': 'check', 'first-course': 'shield', 'quiz-star': 'spark' };

function BadgesTab() {
  const query = useQuery(myBadgesQuery());
  return (
    <section aria-labelledby="badges-title">
      <h2 id="badges-title">Badges</h2>
      <QueryState query={query} loading="Loading your badges…" error={{ title: 'Could not load your badges.', look: 'block' }}>
        {(d) => (
          <>
            <p className="muted">{d.badges.filter((b) => b.earned).length} of {d.badges.length} earned</p>
            <ul className="badge-grid">
              {d.badges.map((b) => (
                <li key={b.id}>
                  <div className={`skill-badge${b.earned ? ' is-earned' : ''}`}>
                    <span className="skill-badge-icon"><Icon name={BADGE_ICONS[b.id]} size={28} /></span>
                    <h3>{b.name}</h3>
                    <p className="muted">{b.description}</p>
                    {b.earned ? <p><strong>Earned</strong></p> : (
                      <>
                        <progress max={b.target} value={b.current} aria-label={`${b.name} progress`} />
                        <p className="muted">{b.current} of {b.target}</p>
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
