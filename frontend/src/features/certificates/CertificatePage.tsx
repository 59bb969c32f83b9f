/**
 * A certificate's public verification page (/certificates/{code}, issue 12 item 4): the learner,
 * the course, the tutor, the issue date and whether it is valid or revoked, with a QR code of
 * this very address. Open to everyone. Prints on one A4 page (certificates.css @media print):
 * Print / Save as PDF is the browser's own dialog.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { PublicCertificate } from '@functions/certificates/contract';
import { ApiError } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { QrCode } from '../../shared/ui/QrCode';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { PublicPage } from '../tutors';
import { certificateQuery } from './api';
import { certificateDate, verificationUrl } from './format';
import './certificates.css';

export function CertificatePage() {
  const { code = '' } = useParams();
  const query = useQuery(certificateQuery(code.toUpperCase()));
  const notFound = query.error instanceof ApiError && query.error.namesNothing;
  useDocumentTitle(notFound ? 'Certificate Not Found' : query.data ? `Certificate: ${query.data.courseTitle}` : 'Certificate');
  return (
    <PublicPage>
      {notFound ? (
        <StateCard
          title="Certificate Not Found"
          text={`No certificate has the code ${code}. Check the code on the printed certificate, letter by letter: a certificate that was never issued cannot be verified.`}
          heading="h1"
        >
          <Link to={paths.certification()} className={buttonClass('primary')}>Certification programs</Link>
        </StateCard>
      ) : (
        <QueryState query={query} loading="Checking the certificate…" error={{ title: 'Could not check this certificate.', heading: 'h1' }}>
          {(cert) => <CertificateView cert={cert} />}
        </QueryState>
      )}
    </PublicPage>
  );
}

function CertificateView({ cert }: { cert: PublicCertificate }) {
  const url = verificationUrl(window.location.origin, cert.code);
  const revoked = cert.status === 'revoked';
  return (
    <div className="certificate-page">
      <p className={`certificate-status ${revoked ? 'is-revoked' : 'is-valid'}`} role="status">
        {revoked
          ? `Revoked${cert.revokedAt ? ` on ${certificateDate(cert.revokedAt)}` : ''}: this certificate is no longer valid.`
          : 'Valid: this certificate was issued by Africa\'s Learning Platform.'}
      </p>
      <article className={`certificate${revoked ? ' is-revoked' : ''}`} aria-labelledby="certificate-title">
        <p className="certificate-brand">Africa&apos;s Learning Platform</p>
        <h1 id="certificate-title">Certificate of Completion</h1>
        <p className="certificate-lead">This certifies that</p>
        <p className="certificate-name">{cert.learnerName}</p>
        <p className="certificate-lead">has completed every lesson of the course</p>
        <p className="certificate-course">{cert.courseTitle}</p>
        <p className="certificate-lead">taught by {cert.tutorName}</p>
        <dl className="certificate-facts">
          <div>
            <dt>Issued</dt>
            <dd><time dateTime={cert.issuedAt}>{certificateDate(cert.issuedAt)}</time></dd>
          </div>
          <div>
            <dt>Certificate code</dt>
            <dd className="certificate-code">{cert.code}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{revoked ? 'Revoked' : 'Valid'}</dd>
          </div>
        </dl>
        <figure className="certificate-qr" data-verify-url={url}>
          <QrCode value={url} label={`QR code of this certificate's verification address, ${url}`} size={132} />
          <figcaption>
            Verify at <a href={url} className="certificate-url">{url}</a>
          </figcaption>
        </figure>
      </article>
      <div className="actions certificate-actions">
        <Button onClick={() => window.print()}>Print / Save as PDF</Button>
        <Link to={paths.course(cert.courseId)} className={buttonClass('secondary')}>About the course</Link>
      </div>
    </div>
  );
}
