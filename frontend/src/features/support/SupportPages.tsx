/**
 * The footer's Help, Contact and Privacy pages (real pages, not "Coming soon" spans).
 * The support phone and e-mail come from /config.json, like the sign-in form's phone; the privacy
 * notice says what the product stores and how long, as the system does it (docs/data-model.md).
 */
import { Fragment, type ReactNode } from 'react';
import { Trans } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { loadRuntimeConfig } from '../../shared/runtime-config';
import { PageShell } from '../../shared/ui/PageShell';
import { SiteHeader } from '../../shared/ui/SiteHeader';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSupportText } from './text';
import './support.css';

function SupportPage({ title, children }: { title: string; children: ReactNode }) {
  const t = useSupportText();
  useDocumentTitle(title);
  return (
    <PageShell
      className="support-page"
      header={<SiteHeader />}
    >
      <div className="container support-body">
        <h1>{title}</h1>
        {children}
        <nav aria-label={t('nav')} className="support-links">
          <Link to={paths.help}>{t('link.help')}</Link>
          <Link to={paths.contact}>{t('link.contact')}</Link>
          <Link to={paths.privacy}>{t('link.privacy')}</Link>
        </nav>
      </div>
    </PageShell>
  );
}

/** The support phone and e-mail as links; while /config.json loads, a line saying so. */
function SupportContacts() {
  const t = useSupportText();
  const config = useQuery({ queryKey: ['runtime-config'], queryFn: loadRuntimeConfig, staleTime: Infinity });
  if (config.isPending) return <p className="muted">{t('contacts.loading')}</p>;
  if (config.isError) return <p className="muted">{t('contacts.error')}</p>;
  const { supportPhone, supportEmail } = config.data;
  return (
    <dl className="support-contacts">
      <div>
        <dt>{t('contacts.phone')}</dt>
        <dd>
          <a href={`tel:${supportPhone.replace(/[^+\d]/g, '')}`}>{supportPhone}</a>
        </dd>
      </div>
      <div>
        <dt>{t('contacts.email')}</dt>
        <dd>
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </dd>
      </div>
    </dl>
  );
}

/** Questions of the Help Center, each a heading and its answer. */
const QUESTIONS = ['book', 'paid', 'verify', 'signIn'] as const;

export function HelpPage() {
  const t = useSupportText();
  return (
    <SupportPage title={t('help.title')}>
      <section aria-labelledby="help-contact">
        <h2 id="help-contact">{t('help.talk')}</h2>
        <p>{t('help.talkText')}</p>
        <SupportContacts />
      </section>
      <section aria-labelledby="help-faq">
        <h2 id="help-faq">{t('help.faq')}</h2>
        {QUESTIONS.map((question) => (
          <Fragment key={question}>
            <h3>{t(`help.${question}.q`)}</h3>
            <p>
              <Trans id={useSupportText.id(`help.${question}.a`)} components={{ 0: <Link to={paths.browse()} /> }} />
            </p>
          </Fragment>
        ))}
      </section>
    </SupportPage>
  );
}

export function ContactPage() {
  const t = useSupportText();
  return (
    <SupportPage title={t('contact.title')}>
      <p>{t('contact.lead')}</p>
      <SupportContacts />
      <p>{t('contact.ready')}</p>
    </SupportPage>
  );
}

/** The privacy notice's sections after its introduction, in order. */
const PRIVACY_SECTIONS = [
  { title: 'privacy.account.title', paragraphs: ['privacy.account.text'] },
  { title: 'privacy.profiles.title', paragraphs: ['privacy.profiles.text'] },
  { title: 'privacy.bookings.title', paragraphs: ['privacy.bookings.text'] },
  { title: 'privacy.kyc.title', paragraphs: ['privacy.kyc.text', 'privacy.kyc.retention'] },
  { title: 'privacy.emails.title', paragraphs: ['privacy.emails.text'] },
  { title: 'privacy.logs.title', paragraphs: ['privacy.logs.text'] },
] as const;

export function PrivacyPage() {
  const t = useSupportText();
  return (
    <SupportPage title={t('privacy.title')}>
      <p>
        <Trans id={useSupportText.id('privacy.intro')} components={{ 0: <Link to={paths.contact} /> }} />
      </p>
      {PRIVACY_SECTIONS.map((section) => (
        <Fragment key={section.title}>
          <h2>{t(section.title)}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{t(paragraph)}</p>
          ))}
        </Fragment>
      ))}
    </SupportPage>
  );
}
