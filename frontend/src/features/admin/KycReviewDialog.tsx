/**
 * Admin dashboard KYC review: the document (an image preview, or a PDF on request,
 * always with a link to open it), review notes, Approve and Reject. A fresh signed link is asked
 * for when the dialog opens (the list's links lapse an hour after it loaded).
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PendingKycDocument } from '@functions/kyc/contract';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { shortDate, useDocumentTypeText, useQualificationText } from '../kyc';
import { kycFileQuery, useKycReview } from './admin-api';
import { fileDeletedAt, reviewFailed } from './admin-rules';
import { ReviewNotesField, tutorName, useDocumentContext, useReviewNotes } from './components';
import { useDashboardText } from './dashboard-text';
import { useAdminText, useReviewTexts } from './text';

interface KycReviewDialogProps {
  doc: PendingKycDocument | null;
  onClose: () => void;
  /** The document was approved or rejected (the dialog closes too). */
  onReviewed: (doc: PendingKycDocument) => void;
}

export function KycReviewDialog({ doc, onClose, onReviewed }: KycReviewDialogProps) {
  const t = useDashboardText();
  return (
    <Dialog open={doc !== null} title={t('review.title')} onClose={onClose}>
      {doc && (
        <ReviewBody
          key={doc.id}
          doc={doc}
          onDone={() => {
            onReviewed(doc);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

function ReviewBody({ doc, onDone }: { doc: PendingKycDocument; onDone: () => void }) {
  const t = useDashboardText();
  const common = useAdminText();
  const reviewTexts = useReviewTexts();
  const typeName = useDocumentTypeText();
  const qualificationName = useQualificationText();
  const id = useId();
  const notes = useReviewNotes();
  const review = useKycReview();
  const busy = (decision: 'approve' | 'reject') => review.isPending && review.variables.decision === decision;
  const decide = (decision: 'approve' | 'reject') => {
    if (notes.ready(decision)) review.mutate({ documentId: doc.id, decision, notes: notes.value }, { onSuccess: onDone });
  };

  return (
    <div className="review-body">
      <dl className="review-facts">
        <div>
          <dt>{t('review.tutor')}</dt>
          <dd>{tutorName(doc)}</dd>
        </div>
        <div>
          <dt>{t('review.documentType')}</dt>
          <dd>{typeName({ documentType: doc.documentType })}</dd>
        </div>
        {doc.academicQualificationType && (
          <div>
            <dt>{t('review.qualificationType')}</dt>
            <dd>{qualificationName(doc.academicQualificationType)}</dd>
          </div>
        )}
        <div>
          <dt>{t('review.submitted')}</dt>
          <dd>{shortDate(doc.submittedAt)}</dd>
        </div>
      </dl>

      <DocumentPreview doc={doc} />

      <ReviewNotesField id={`${id}-notes`} notes={notes} />

      {review.isError && (
        <p className="alert alert-error" role="alert">
          {reviewFailed(review.variables.decision, review.error, reviewTexts)}
        </p>
      )}

      <div className="actions admin-dialog-actions">
        <Button variant="danger" busy={busy('reject')} disabled={review.isPending} onClick={() => decide('reject')}>
          {common('reject')}
        </Button>
        <Button busy={busy('approve')} disabled={review.isPending} onClick={() => decide('approve')}>
          {common('approve')}
        </Button>
      </div>
    </div>
  );
}

function DocumentPreview({ doc }: { doc: PendingKycDocument }) {
  const t = useDashboardText();
  const documentContext = useDocumentContext();
  const file = useQuery(kycFileQuery(doc.id));
  const deletedOn = fileDeletedAt(file.error) ?? doc.fileDeletedAt;
  const url = file.data?.url ?? doc.fileUrl;
  const contentType = file.data?.contentType ?? doc.contentType;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [showPdf, setShowPdf] = useState(false);
  const [retried, setRetried] = useState(false);
  const label = documentContext(doc);

  // Deleted after its review (410 file_deleted): say so, and offer no link to S3's 404 page.
  if (deletedOn) return <p className="alert alert-warn review-preview">{t('review.fileDeleted', { date: shortDate(deletedOn) })}</p>;
  if (!url) return <p className="muted review-preview">{t('review.loadingDocument')}</p>;
  const openLink = (
    <a href={url} target="_blank" rel="noopener noreferrer" className="review-open">
      {t('review.open')}<span className="visually-hidden"> {t('review.openContext', { document: label })}</span>
    </a>
  );

  if (contentType.startsWith('image/')) {
    return (
      <figure className="review-preview">
        {failedUrl === url ? (
          <p className="alert alert-warn">{t('review.previewFailed')} {openLink}</p>
        ) : (
          <img
            src={url}
            alt={label}
            decoding="async"
            onError={() => {
              setFailedUrl(url);
              // The link may have lapsed: ask for a fresh one, once.
              if (!retried) {
                setRetried(true);
                void file.refetch();
              }
            }}
          />
        )}
        <figcaption className="muted">
          {doc.fileName} {failedUrl !== url && <>· {openLink}</>}
        </figcaption>
      </figure>
    );
  }

  return (
    <figure className="review-preview">
      {showPdf ? (
        <iframe src={url} title={t('review.pdfTitle', { document: label })} className="review-pdf" />
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setShowPdf(true)}>
          {t('review.showPdf')}
        </Button>
      )}
      <figcaption className="muted">
        {doc.fileName} · {openLink}
      </figcaption>
    </figure>
  );
}
