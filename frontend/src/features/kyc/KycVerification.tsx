/**
 * Tutor onboarding/verification screen (tutor dashboard; verification status and
 * onboarding steps): the status card with its progress bar, the four steps, the upload form and
 * the tutor's documents (status, reviewer's notes on rejected ones, a signed link to each file).
 * A lazy chunk: the KYC Verification tab and the "Complete KYC Verification" dialog load it.
 */
import { useRef } from 'react';
import { Trans } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import type { KycDocument } from '@functions/kyc/contract';
import { Button } from '../../shared/ui/Button';
import { Icon } from '../../shared/ui/Icon';
import { LoadError } from '../../shared/ui/QueryState';
import { PageLoading } from '../../shared/ui/Spinner';
import { useMe } from '../auth';
import { myKycDocumentsQuery } from './kyc-api';
import {
  documentStatusBadge, onboardingSteps, shortDate, verificationAction, verificationCard,
} from './kyc-rules';
import { useDocumentTypeText } from './types/text';
import { KycUploadForm, type KycUploadFormHandle } from './KycUploadForm';
import { useKycBannerText } from './banner/text';
import { useKycText } from './text';

const ACTION_MESSAGES = { 'Start Verification': 'action.start', 'View Submission': 'action.view' } as const;
const BADGE_MESSAGES = { Approved: 'badge.approved', Rejected: 'badge.rejected', Pending: 'badge.pending' } as const;

/** The KYC Verification tab. */
export function KycVerificationTab() {
  const t = useKycText();
  const loadingLabel = useKycBannerText()('loading.verification');
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

  if (query.isPending) return <PageLoading label={loadingLabel} />;
  if (query.isError) {
    return (
      <section className="card" aria-labelledby="kyc-error-title">
        <h2 id="kyc-error-title">{t('title')}</h2>
        <LoadError title={t('loadFailed')} look="inline" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </section>
    );
  }

  return (
    <div className="kyc-layout">
      <section className={`card kyc-status kyc-status-${card.status}`} aria-labelledby="kyc-status-title">
        <p className="kyc-eyebrow">{t('status.eyebrow')}</p>
        <h2 id="kyc-status-title">{t(`card.${card.status}`)}</h2>
        {card.note && <p className="muted">{t('card.pendingNote')}</p>}
        <div
          className="kyc-meter"
          role="progressbar"
          aria-label={t('progress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={card.progress}
          aria-valuetext={t('progress.complete', { progress: card.progress })}
        >
          <span style={{ width: `${card.progress}%` }} />
        </div>
        <p className="kyc-meter-label">{t('progress.complete', { progress: card.progress })}</p>
        {action && (
          <Button variant={action === 'View Submission' ? 'secondary' : 'primary'} onClick={onAction}>
            {t(ACTION_MESSAGES[action])}
          </Button>
        )}
      </section>

      <section className="card" aria-labelledby="kyc-steps-title">
        <h2 id="kyc-steps-title">{t('steps.title')}</h2>
        <ol className="kyc-steps">
          {steps.map((step, index) => (
            <li key={step.id} className={step.done ? 'kyc-step is-done' : 'kyc-step'}>
              <span className="kyc-step-mark" aria-hidden="true">
                {step.done ? <Icon name="check" size={16} /> : index + 1}
              </span>
              <span className="kyc-step-text">
                <strong>
                  {t(`step.${step.id}.label`)}
                  <span className="visually-hidden">{t(step.done ? 'step.done' : 'step.todo')}</span>
                </strong>
                <span className="muted">{t(step.id === 'documents' && card.status === 'rejected' ? 'step.documents.rejected' : `step.${step.id}.description`)}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>

      {card.status !== 'approved' && (
        <section className="card" aria-labelledby="kyc-upload-title">
          <h2 id="kyc-upload-title">{t('upload.title')}</h2>
          <p className="muted">{t('upload.intro')}</p>
          <KycUploadForm ref={form} />
        </section>
      )}

      <section className="card" aria-labelledby="kyc-documents-title">
        <h2 id="kyc-documents-title" ref={list} tabIndex={-1}>
          {t('documents.title')}
        </h2>
        <KycDocumentList documents={documents} />
      </section>
    </div>
  );
}

/** The "Complete KYC Verification" dialog's body: the same form, and what was sent so far. */
export function KycDialogContent() {
  const t = useKycText();
  const query = useQuery(myKycDocumentsQuery());
  const documents = query.data?.documents ?? [];
  return (
    <div className="kyc-dialog-body">
      <KycUploadForm inlineSuccess />
      {documents.length > 0 && (
        <section aria-labelledby="kyc-dialog-documents" className="kyc-dialog-documents">
          <h3 id="kyc-dialog-documents">{t('documents.submittedTitle')}</h3>
          <KycDocumentList documents={documents} />
        </section>
      )}
    </div>
  );
}

export function KycDocumentList({ documents }: { documents: readonly KycDocument[] }) {
  const t = useKycText();
  const documentTypeText = useDocumentTypeText();
  if (documents.length === 0) {
    return <p className="muted">{t('documents.none')}</p>;
  }
  return (
    <ul className="kyc-documents" role="list">
      {documents.map((doc) => {
        const badge = documentStatusBadge(doc.status);
        const label = documentTypeText(doc);
        return (
          <li key={doc.id} className="kyc-document">
            <div className="kyc-document-main">
              <strong className="kyc-document-type">{label}</strong>
              <span className="kyc-document-file">{doc.fileName}</span>
              <span className="muted">{t('documents.submitted', { date: shortDate(doc.submittedAt) })}</span>
              {doc.status === 'rejected' && doc.notes && (
                <p className="kyc-notes">
                  <Trans id={useKycText.id('documents.notes')} values={{ notes: doc.notes }} components={{ 0: <strong /> }} />
                </p>
              )}
              {/* Past its retention the file is gone (no link to S3's 404 page); the decision stays. */}
              {doc.fileDeletedAt && <p className="muted kyc-file-deleted">{t('documents.fileDeleted', { date: shortDate(doc.fileDeletedAt) })}</p>}
            </div>
            <div className="kyc-document-side">
              <span className={`status-badge status-${badge.tone}`}>{t(BADGE_MESSAGES[badge.label])}</span>
              {doc.fileUrl && (
                <a href={doc.fileUrl} target="_blank" rel="noopener noreferrer" className="kyc-view">
                  <Trans id={useKycText.id('documents.view')} values={{ label }} components={{ 0: <span className="visually-hidden" /> }} />
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
