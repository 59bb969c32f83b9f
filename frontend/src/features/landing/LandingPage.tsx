/**
 * Landing page (spec §2 "/"). Signed-out visitors get this chunk and the entry only: no
 * Amplify, no zod. Signed-in users see their name from GET /api/me.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClass } from '../../shared/ui/Button';
import { paths } from '../../shared/paths';
import { Icon } from '../../shared/ui/Icon';
import { PageShell } from '../../shared/ui/PageShell';
import { Brand, SiteHeader } from '../../shared/ui/SiteHeader';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { type AuthLinkState, useMe, useSession } from '../auth';
import { REASONS, SKILLS, STATS, SUBJECTS, TESTIMONIALS, TUTOR_PERKS } from './content';
import './landing.css';

// All account links go to exactly /auth (spec §2); router state only preselects the tab and role.
const SIGN_UP_STATE = { tab: 'signup' } satisfies AuthLinkState;
const SIGN_UP_TUTOR_STATE = { tab: 'signup', as: 'tutor' } satisfies AuthLinkState;

export function LandingPage() {
  useDocumentTitle();
  const { session } = useSession();
  // While a stored session is being checked, links assume it is valid; guards re-check anyway.
  const likelySignedIn = session.status !== 'signed-out';
  const aiLearning = likelySignedIn ? paths.aiLearning : paths.auth;
  const exploreSkills = likelySignedIn ? paths.courses : paths.auth;

  return (
    <PageShell header={<LandingHeader />} footer={<LandingFooter />} className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <p className="eyebrow">Africa's Learning Platform</p>
          <h1 id="hero-title">Expert tutors for every learner in Africa</h1>
          <p className="hero-lead">
            One-on-one lessons for KCSE and JAMB, university courses and new skills. Book a verified tutor and pay
            per session in KSh.
          </p>
          <div className="actions">
            <Link to={paths.browse()} className={buttonClass('accent', 'lg')}>
              Find Your Perfect Tutor
            </Link>
            <Link to={aiLearning} className={buttonClass('light', 'lg')}>
              Try AI Learning
            </Link>
          </div>
          <dl className="stats">
            {STATS.map((stat) => (
              <div key={stat.label} className="stat">
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title" className="section-title">
            Why Choose Africa's Learning Platform?
          </h2>
          <ul className="grid grid-4" role="list">
            {REASONS.map((reason) => (
              <li key={reason.title} className="card feature">
                <span className="feature-icon">
                  <Icon name={reason.icon} />
                </span>
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="career-title">
        <div className="container split">
          <div>
            <h2 id="career-title" className="section-title left">
              Future-Proof Your Career
            </h2>
            <p className="section-lead">
              Go beyond the syllabus with practical skills that employers across Africa are hiring for, taught by
              people who use them every day.
            </p>
            <Link to={exploreSkills} className={buttonClass('primary', 'lg')}>
              Explore Skills
            </Link>
          </div>
          <ul className="chips" role="list" aria-label="Popular skills">
            {SKILLS.map((skill) => (
              <li key={skill} className="chip">
                {skill}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="stories-title">
        <div className="container">
          <h2 id="stories-title" className="section-title">
            Success Stories
          </h2>
          <ul className="grid grid-3" role="list">
            {TESTIMONIALS.map((story) => (
              <li key={story.name} className="card testimonial">
                <figure>
                  <blockquote>
                    <p>“{story.quote}”</p>
                  </blockquote>
                  <figcaption>
                    <span className="avatar" aria-hidden="true">
                      {initials(story.name)}
                    </span>
                    <span>
                      <strong>{story.name}</strong>
                      <span className="muted">{story.role}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="subjects-title">
        <div className="container">
          <h2 id="subjects-title" className="section-title">
            Popular Subjects
          </h2>
          <ul className="grid grid-3 subjects" role="list">
            {SUBJECTS.map((subject) => (
              <li key={subject.name}>
                <Link
                  to={paths.browse({ subject: subject.name })}
                  className={`card subject tone-${subject.tone}`}
                >
                  <span className="subject-badge" aria-hidden="true">
                    {subject.name.slice(0, 2)}
                  </span>
                  <span>
                    <strong>{subject.name}</strong>
                    <span className="muted">{subject.text}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section recruit" aria-labelledby="recruit-title">
        <div className="container split">
          <div>
            <p className="eyebrow">For tutors</p>
            <h2 id="recruit-title" className="section-title left">
              Share Your Knowledge, Earn Money Teaching
            </h2>
            <p className="earn">
              Earn <strong>KSh 500–2000+</strong> per hour
            </p>
            <Link to={paths.auth} state={SIGN_UP_TUTOR_STATE} className={buttonClass('accent', 'lg')}>
              Apply to Teach
            </Link>
          </div>
          <ul className="perks" role="list">
            {TUTOR_PERKS.map((perk) => (
              <li key={perk}>
                <Icon name="check" size={20} />
                {perk}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section cta" aria-labelledby="cta-title">
        <div className="container center">
          <h2 id="cta-title" className="section-title">
            Ready to Start Learning?
          </h2>
          <p className="section-lead">
            Join thousands of learners building skills for school, university and work.
          </p>
          <Link to={paths.courses} className={buttonClass('primary', 'lg')}>
            Start Your Upskilling Journey
          </Link>
        </div>
      </section>
    </PageShell>
  );
}

function LandingHeader() {
  const { session, signOut } = useSession();
  const { profile } = useMe();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut(); // failures are only logged (spec §8)
    window.location.reload();
  };

  return (
    <SiteHeader navLabel="Account">
      {session.status === 'signed-out' && (
        <>
          <Link to={paths.auth} className={buttonClass('ghost', 'sm')}>
            Sign In
          </Link>
          <Link to={paths.auth} state={SIGN_UP_TUTOR_STATE} className={buttonClass('secondary', 'sm')}>
            Become a Tutor
          </Link>
          <Link to={paths.auth} state={SIGN_UP_STATE} className={buttonClass('primary', 'sm')}>
            Get Started
          </Link>
        </>
      )}
      {session.status === 'signed-in' && (
        <>
          <span className="welcome">Welcome, {profile?.firstName || session.email || 'back'}</span>
          <Button size="sm" onClick={() => navigate(paths.dashboard)}>
            Dashboard
          </Button>
          <Button size="sm" variant="ghost" busy={signingOut} onClick={() => void onSignOut()}>
            Sign Out
          </Button>
        </>
      )}
    </SiteHeader>
  );
}

function LandingFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <Brand logoSize={28} />
          <p className="muted">Verified tutors, AI practice and courses for learners across Africa.</p>
        </div>
        <nav aria-label="Learn" className="footer-col">
          <h2>Learn</h2>
          <ul role="list">
            <li>
              <Link to={paths.browse()}>Find Tutors</Link>
            </li>
            <li>
              <Link to={paths.aiLearning}>AI Learning</Link>
            </li>
            <li>
              <Link to={paths.courses}>Courses</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Teach" className="footer-col">
          <h2>Teach</h2>
          <ul role="list">
            <li>
              <Link to={paths.auth} state={SIGN_UP_TUTOR_STATE}>
                Become a Tutor
              </Link>
            </li>
            <li>
              <Link to={paths.tutorDashboard}>Tutor Dashboard</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Support" className="footer-col">
          <h2>Support</h2>
          <ul role="list">
            <li>
              <Link to={paths.help}>Help Center</Link>
            </li>
            <li>
              <Link to={paths.contact}>Contact Us</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Privacy Policy</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="container copyright muted">© {new Date().getFullYear()} Africa's Learning Platform</p>
    </footer>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}
