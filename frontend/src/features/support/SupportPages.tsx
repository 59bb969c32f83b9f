/**
 * The footer's Help, Contact and Privacy pages (issue 17: real pages, not "Coming soon" spans).
 * The support phone and e-mail come from /config.json, like the sign-in form's phone; the privacy
 * notice says what the product stores and how long, as the system does it (docs/data-model.md).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { loadRuntimeConfig } from '../../shared/runtime-config';
import { PageShell } from '../../shared/ui/PageShell';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { PublicHeader } from '../tutors';
import './support.css';

function SupportPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <PageShell
      className="support-page"
      header={<PublicHeader />}
    >
      <div className="container support-body">
        <h1>{title}</h1>
        {children}
        <nav aria-label="Support pages" className="support-links">
          <Link to={paths.help}>Help Center</Link>
          <Link to={paths.contact}>Contact Us</Link>
          <Link to={paths.privacy}>Privacy Policy</Link>
        </nav>
      </div>
    </PageShell>
  );
}

/** The support phone and e-mail as links; while /config.json loads, a line saying so. */
function SupportContacts() {
  const config = useQuery({ queryKey: ['runtime-config'], queryFn: loadRuntimeConfig, staleTime: Infinity });
  if (config.isPending) return <p className="muted">Loading contact details…</p>;
  if (config.isError) return <p className="muted">Our contact details could not be loaded. Please reload the page.</p>;
  const { supportPhone, supportEmail } = config.data;
  return (
    <dl className="support-contacts">
      <div>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${supportPhone.replace(/[^+\d]/g, '')}`}>{supportPhone}</a>
        </dd>
      </div>
      <div>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </dd>
      </div>
    </dl>
  );
}

export function HelpPage() {
  return (
    <SupportPage title="Help Center">
      <section aria-labelledby="help-contact">
        <h2 id="help-contact">Talk to us</h2>
        <p>Call or write to our support team about bookings, payments, your account or KYC verification.</p>
        <SupportContacts />
      </section>
      <section aria-labelledby="help-faq">
        <h2 id="help-faq">Common questions</h2>
        <h3>How do I book a lesson?</h3>
        <p>
          Open <Link to={paths.browse()}>Browse Tutors</Link>, choose a verified tutor, pick a date and time on their profile
          and select Book Session Now. You pay per session in KSh with M-Pesa or a card; the lesson is confirmed once the
          payment is.
        </p>
        <h3>I paid but my booking is not confirmed</h3>
        <p>
          A payment can take a few minutes to be confirmed. Check My Bookings; if it still shows unpaid after that, call us
          with the payment reference from the payment page.
        </p>
        <h3>How do I become a verified tutor?</h3>
        <p>
          Create a tutor account, then upload an identity document and a qualification under KYC Verification on your
          dashboard. Once an administrator approves both, your profile shows the Verified badge and students can book you.
        </p>
        <h3>I cannot sign in</h3>
        <p>Use Forgot password? on the sign-in page to set a new password, or call us.</p>
      </section>
    </SupportPage>
  );
}

export function ContactPage() {
  return (
    <SupportPage title="Contact Us">
      <p>We answer calls and e-mails about bookings, payments, accounts, tutor verification and your personal data.</p>
      <SupportContacts />
      <p>
        For a payment, please have the payment reference ready; for your data (a copy, a correction or deletion), write from
        the e-mail address of your account.
      </p>
    </SupportPage>
  );
}

export function PrivacyPage() {
  return (
    <SupportPage title="Privacy Policy">
      <p>
        This notice says what Africa's Learning Platform stores about you, why, who can see it and how long it is kept. To ask
        for a copy of your data, a correction or deletion, <Link to={paths.contact}>contact us</Link>.
      </p>

      <h2>Your account</h2>
      <p>
        Your name, e-mail address, phone number (optional), country and account type, so you can sign in, book or teach, and
        receive e-mails about your lessons. Your password is kept by our sign-in service (Amazon Cognito), not in our
        database. Super administrators also register an authenticator app for two-step sign-in. Your session is kept in your
        browser's local storage until you sign out.
      </p>

      <h2>Tutor profiles</h2>
      <p>
        A tutor's photo, bio, hourly rate, teaching experience, education, subjects, levels, certifications, time zone and
        weekly availability are shown to everyone who browses tutors: that is what lets students choose. A tutor's e-mail and
        phone number are not shown.
      </p>

      <h2>Bookings and payments</h2>
      <p>
        For each booking we keep the student, tutor, subject, time, duration, notes and price, visible to that student and
        that tutor. Payments are made with Paystack: your card or M-Pesa details go to Paystack, not to
        us. We keep the payment reference, amount, status and time, to confirm bookings, pay tutors and answer questions
        about money.
      </p>

      <h2>KYC documents (tutors)</h2>
      <p>
        Tutors upload an identity document and a qualification so that we can check who teaches before they can teach and
        be paid. The files are stored privately: only the tutor who uploaded them and super administrators can open them,
        through links that stop working after one hour. We also keep who reviewed each document, when, the decision and the
        reviewer's notes.
      </p>
      <p>
        How long: an upload that fails our checks (wrong type or over 10 MB) is deleted straight away, and an upload that
        was never completed is deleted after one day. Accepted KYC documents and their review records are kept while the
        tutor account exists; nothing deletes them automatically, so a tutor who stops teaching can ask us to delete them.
      </p>

      <h2>E-mails</h2>
      <p>
        We send e-mails about your account and lessons (welcome, booking confirmations, verification results) through Amazon
        SES.
      </p>

      <h2>Technical logs</h2>
      <p>
        To keep the service running and secure, our servers log requests. Application logs are kept for one month, API
        access logs for three months and web access logs for one year, then deleted automatically. Earlier versions of a
        replaced photo are deleted after 90 days.
      </p>
    </SupportPage>
  );
}
