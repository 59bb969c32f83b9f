/**
 * Landing page ("/"). Signed-out visitors get this chunk and the entry only: no
 * Amplify, no zod. Signed-in users see their name from GET /api/me.
 */
import { Trans } from '@lingui/react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../shared/ui/Button';
import { paths } from '../../shared/paths';
import { Icon } from '../../shared/ui/Icon';
import { PageShell } from '../../shared/ui/PageShell';
import { Brand, SiteHeader } from '../../shared/ui/SiteHeader';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { type AuthLinkState, useSession, useViewer } from '../auth';
import { RATE_RANGE, REASONS, SKILLS, skillsCatalogue, STATS, SUBJECTS, TUTOR_PERKS } from './content';
import { subjectSlug } from '@functions/tutors/subject-pages-catalog';
import { Stories } from './Stories';
import { useLandingText } from './text';
import './landing.css';

// All account links go to exactly /auth; router state only preselects the tab and role.
const SIGN_UP_TUTOR_STATE = { tab: 'signup', as: 'tutor' } satisfies AuthLinkState;

export function LandingPage() {
  useDocumentTitle();
  const t = useLandingText();
  const { session } = useSession();
  // AI Learning needs an account: a visitor is told so here, and its guard says it again on /auth
  // and brings them back after signing in. The course catalogue is public.
  const visitor = session.status === 'signed-out';

  return (
    <PageShell header={<SiteHeader />} footer={<LandingFooter />} className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <p className="eyebrow">{t('hero.eyebrow')}</p>
          <h1 id="hero-title">{t('hero.title')}</h1>
          <p className="hero-lead">{t('hero.lead')}</p>
          <div className="actions">
            <Link to={paths.browse()} className={buttonClass('accent', 'lg')}>
              {t('hero.findTutor')}
            </Link>
            <Link to={paths.aiLearning} className={buttonClass('light', 'lg')} aria-describedby={visitor ? 'hero-ai-note' : undefined}>
              {t('hero.tryAi')}
            </Link>
          </div>
          {visitor && <p id="hero-ai-note" className="hero-note">{t('hero.aiNote')}</p>}
          <dl className="stats">
            {STATS.map((stat) => (
              <div key={stat.label} className="stat">
                <dt>{t(stat.label)}</dt>
                <dd>{'figure' in stat ? stat.figure : t(stat.value, stat.values)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title" className="section-title">
            {t('why.title')}
          </h2>
          <ul className="grid grid-4" role="list">
            {REASONS.map((reason) => (
              <li key={reason.title} className="card feature">
                <span className="feature-icon">
                  <Icon name={reason.icon} />
                </span>
                <h3>{t(reason.title)}</h3>
                <p>{t(reason.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="career-title">
        <div className="container split">
          <div>
            <h2 id="career-title" className="section-title left">
              {t('career.title')}
            </h2>
            <p className="section-lead">{t('career.lead')}</p>
            <Link to={skillsCatalogue()} className={buttonClass('primary', 'lg')}>
              {t('career.explore')}
            </Link>
          </div>
          <ul className="chips" role="list" aria-label={t('career.skillsLabel')}>
            {SKILLS.map((skill) => (
              <li key={skill.key}>
                <Link to={skillsCatalogue(skill.search)} className="chip">
                  {t(skill.key)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Stories />

      <section className="section section-tint" aria-labelledby="subjects-title">
        <div className="container">
          <h2 id="subjects-title" className="section-title">
            {t('subjects.title')}
          </h2>
          <ul className="grid grid-3 subjects" role="list">
            {SUBJECTS.map((subject) => (
              <li key={subject.subject}>
                <Link
                  to={paths.subjectTutors(subjectSlug(subject.subject))}
                  className={`card subject tone-${subject.tone}`}
                >
                  <span className="subject-badge" aria-hidden="true">
                    {t(subject.name).slice(0, 2)}
                  </span>
                  <span>
                    <strong>{t(subject.name)}</strong>
                    <span className="muted">{t(subject.text)}</span>
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
            <p className="eyebrow">{t('recruit.eyebrow')}</p>
            <h2 id="recruit-title" className="section-title left">
              {t('recruit.title')}
            </h2>
            <p className="earn">
              <Trans id={useLandingText.id('recruit.earn')} values={RATE_RANGE} components={{ 0: <strong /> }} />
            </p>
            <Link to={paths.auth} state={SIGN_UP_TUTOR_STATE} className={buttonClass('accent', 'lg')}>
              {t('recruit.apply')}
            </Link>
          </div>
          <ul className="perks" role="list">
            {TUTOR_PERKS.map((perk) => (
              <li key={perk}>
                <Icon name="check" size={20} />
                {t(perk)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section cta" aria-labelledby="cta-title">
        <div className="container center">
          <h2 id="cta-title" className="section-title">
            {t('cta.title')}
          </h2>
          <p className="section-lead">{t('cta.lead')}</p>
          <Link to={paths.courses} className={buttonClass('primary', 'lg')}>
            {t('cta.start')}
          </Link>
        </div>
      </section>
    </PageShell>
  );
}

function LandingFooter() {
  const t = useLandingText();
  const viewer = useViewer();
  const tutor = viewer.kind === 'user' && viewer.role === 'tutor';
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <Brand logoSize={28} />
          <p className="muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.learn')} className="footer-col">
          <h2>{t('footer.learn')}</h2>
          <ul role="list">
            <li>
              <Link to={paths.browse()}>{t('footer.findTutors')}</Link>
            </li>
            <li>
              <Link to={paths.aiLearning}>{t('footer.aiLearning')}</Link>
            </li>
            <li>
              <Link to={paths.courses}>{t('footer.courses')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.teach')} className="footer-col">
          <h2>{t('footer.teach')}</h2>
          <ul role="list">
            <li>
              <Link to={paths.auth} state={SIGN_UP_TUTOR_STATE}>
                {t('footer.becomeTutor')}
              </Link>
            </li>
            {/* Only a tutor can open it: anyone else would meet Access Denied (or the sign-in page). */}
            {tutor && (
              <li>
                <Link to={paths.tutorDashboard}>{t('footer.tutorDashboard')}</Link>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-label={t('footer.support')} className="footer-col">
          <h2>{t('footer.support')}</h2>
          <ul role="list">
            <li>
              <Link to={paths.help}>{t('footer.help')}</Link>
            </li>
            <li>
              <Link to={paths.contact}>{t('footer.contact')}</Link>
            </li>
            <li>
              <Link to={paths.privacy}>{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="container copyright muted">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
