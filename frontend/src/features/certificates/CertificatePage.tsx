/**
 * A certificate's public verification page (/certificates/{code}): the learner,
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
import { useCertificatePageText } from './page-text';
import './certificates.css';

export function CertificatePage() {
  const t = useCertificatePageText();
  const { code = '' } = useParams();
  const query = useQuery(certificateQuery(code.toUpperCase()));
  const notFound = query.error instanceof ApiError && query.error.namesNothing;
  useDocumentTitle(notFound ? t('notFound.title') : query.data ? t('title.course', { course: query.data.courseTitle }) : t('title'));
  return (
    <PublicPage>
      {notFound ? (
        <StateCard
          title={t('notFound.title')}
          text={t('notFound.text', { code })}
          heading="h1"
        >
          <Link to={paths.certification()} className={buttonClass('primary')}>{t('notFound.programs')}</Link>
        </StateCard>
      ) : (
        <QueryState query={query} loading={t('loading')} error={{ title: t('loadFailed'), heading: 'h1' }}>
          {(cert) => <CertificateView cert={cert} />}
        </QueryState>
      )}
    </PublicPage>
  );
}

function CertificateView({ cert }: { cert: PublicCertificate }) {
  const t = useCertificatePageText();
  const url = verificationUrl(window.location.origin, cert.code);
  const revoked = cert.status === 'revoked';
  return (
    <div className="certificate-page">
      <p className={`certificate-status ${revoked ? 'is-revoked' : 'is-valid'}`} role="status">
        {revoked
          ? cert.revokedAt ? t('status.revokedOn', { date: certificateDate(cert.revokedAt) }) : t('status.revoked')
          : t('status.valid')}
      </p>
      <article className={`certificate${revoked ? ' is-revoked' : ''}`} data-watermark={revoked ? t('revoked') : undefined} aria-labelledby="certificate-title">
        <p className="certificate-brand">{t('brand')}</p>
        <h1 id="certificate-title">{t('heading')}</h1>
        <p className="certificate-lead">{t('certifies')}</p>
        <p className="certificate-name">{cert.learnerName}</p>
        <p className="certificate-lead">{t('completed')}</p>
        <p className="certificate-course">{cert.courseTitle}</p>
        <p className="certificate-lead">{t('taughtBy', { tutor: cert.tutorName })}</p>
        <dl className="certificate-facts">
          <div>
            <dt>{t('issued')}</dt>
            <dd><time dateTime={cert.issuedAt}>{certificateDate(cert.issuedAt)}</time></dd>
          </div>
          <div>
            <dt>{t('code')}</dt>
            <dd className="certificate-code">{cert.code}</dd>
          </div>
          <div>
            <dt>{t('statusLabel')}</dt>
            <dd>{revoked ? t('revoked') : t('valid')}</dd>
          </div>
        </dl>
        <figure className="certificate-qr" data-verify-url={url}>
          <QrCode value={url} label={t('qr', { url })} size={132} />
          <figcaption>
            {t('verifyAt')} <a href={url} className="certificate-url">{url}</a>
          </figcaption>
        </figure>
      </article>
      <div className="actions certificate-actions">
        <Button onClick={() => window.print()}>{t('print')}</Button>
        <Link to={paths.course(cert.courseId)} className={buttonClass('secondary')}>{t('aboutCourse')}</Link>
      </div>
    </div>
  );
}
