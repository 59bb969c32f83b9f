/**
 * Tutor onboarding/verification screen (spec §2 tutor dashboard, §4 verification status and
 * onboarding steps): the status card with its progress bar, the four steps, the upload form and
 * the tutor's documents (status, reviewer's notes on rejected ones, a signed link to each file).
 * A lazy chunk: the KYC Verification tab and the "Complete KYC Verification" dialog load it.
 */
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { KycDocument } from '@functions/kyc/contract';
import { Button } from '../../shared/ui/Button';
import { Icon } from '../../shared/ui/Icon';
import { LoadError } from '../../shared/ui/QueryState';
import { PageLoading } from '../../shared/ui/Spinner';
import { useMe } from '../auth';
import { myKycDocumentsQuery } from './kyc-api';
import {
  documentStatusBadge, documentTypeLabel, onboardingSteps, shortDate, verificationAction, verificationCard,
} from './kyc-rules';
import { KycUploadForm, type KycUploadFormHandle } from './KycUploadForm';

/** The KYC Verification tab. */
export function KycVerificationTab() {
  const { profile } = useMe();
  const query = useQuery(myKycDocumentsQuery());
  const form = useRef<KycUploadFormHandle>(null);
  const list = useRef<HTMLHeadingElement>(null);
  const documents = query.data?.documents ?? [];
  const kycStatus = query.data?.kycStatus ?? profile?.kycStatus;
  const card = verificationCard(kycStatus, documents);
  const steps = onboardingSteps(kycStatus, documents);
  const action = verificationAction(kycStatus, documents);

  const onAction = () => {
    const target = action === 'View Submission' ? list.current : document.getElementById('kyc-upload-title');
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (action === 'View Submission') list.current?.focus({ preventScroll: true });
    else form.current?.focus();
  };

  if (query.isPending) return <PageLoading label="Loading your verification…" />;
  if (query.isError) {
    return (
      <section className="card" aria-labelledby="kyc-error-title">
        <h2 id="kyc-error-title">KYC Verification</h2>
        <LoadError title="Could not load your verification documents." look="inline" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </section>
    );
  }

  return (
    <div className="kyc-layout">
      <section className={`card kyc-status kyc-status-${card.status}`} aria-labelledby="kyc-status-title">
        <p className="kyc-eyebrow">Verification status</p>
        <h2 id="kyc-status-title">{card.label}</h2>
        {card.note && <p className="muted">{card.note}</p>}
        <div
          className="kyc-meter"
          role="progressbar"
          aria-label="Verification progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={card.progress}
          aria-valuetext={`${card.progress}% complete`}
        >
          <span style={{ width: `${card.progress}%` }} />
        </div>
        <p className="kyc-meter-label">{card.progress}% complete</p>
        {action && (
          <Button variant={action === 'View Submission' ? 'secondary' : 'primary'} onClick={onAction}>
            {action}
          </Button>
        )}
      </section>

      <section className="card" aria-labelledby="kyc-steps-title">
        <h2 id="kyc-steps-title">Onboarding steps</h2>
        <ol className="kyc-steps">
          {steps.map((step, index) => (
            <li key={step.id} className={step.done ? 'kyc-step is-done' : 'kyc-step'}>
              <span className="kyc-step-mark" aria-hidden="true">
                {step.done ? <Icon name="check" size={16} /> : index + 1}
              </span>
              <span className="kyc-step-text">
                <strong>
                  {step.label}
                  <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
                </strong>
                <span className="muted">{step.description}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>

      {card.status !== 'approved' && (
        <section className="card" aria-labelledby="kyc-upload-title">
          <h2 id="kyc-upload-title">Upload a document</h2>
          <p className="muted">
            Send an identity document (National ID Card, Passport or Driving License) and your teaching qualifications.
            Each is reviewed separately.
          </p>
          <KycUploadForm ref={form} />
        </section>
      )}

      <section className="card" aria-labelledby="kyc-documents-title">
        <h2 id="kyc-documents-title" ref={list} tabIndex={-1}>
          Your documents
        </h2>
        <KycDocumentList documents={documents} />
      </section>
    </div>
  );
}

/** The "Complete KYC Verification" dialog's body: the same form, and what was sent so far. */
export function KycDialogContent() {
  const query = useQuery(myKycDocumentsQuery());
  const documents = query.data?.documents ?? [];
  return (
    <div className="kyc-dialog-body">
      <KycUploadForm inlineSuccess />
      {documents.length > 0 && (
        <section aria-labelledby="kyc-dialog-documents" className="kyc-dialog-documents">
          <h3 id="kyc-dialog-documents">Submitted documents</h3>
          <KycDocumentList documents={documents} />
        </section>
      )}
    </div>
  );
}

export function KycDocumentList({ documents }: { documents: readonly KycDocument[] }) {
  if (documents.length === 0) {
    return <p className="muted">No documents yet. Upload your ID and qualifications to get verified.</p>;
  }
  return (
    <ul className="kyc-documents" role="list">
      {documents.map((doc) => {
        const badge = documentStatusBadge(doc.status);
        const label = documentTypeLabel(doc);
        return (
          <li key={doc.id} className="kyc-document">
            <div className="kyc-document-main">
              <strong className="kyc-document-type">{label}</strong>
              <span className="kyc-document-file">{doc.fileName}</span>
              <span className="muted">Submitted {shortDate(doc.submittedAt)}</span>
              {doc.status === 'rejected' && doc.notes && (
                <p className="kyc-notes">
                  <strong>Reviewer's notes:</strong> {doc.notes}
                </p>
              )}
            </div>
            <div className="kyc-document-side">
              <span className={`status-badge status-${badge.tone}`}>{badge.label}</span>
              {doc.fileUrl && (
                <a href={doc.fileUrl} target="_blank" rel="noopener noreferrer" className="kyc-view">
                  View<span className="visually-hidden"> {label}</span>
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
