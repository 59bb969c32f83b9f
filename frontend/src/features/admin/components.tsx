/** Pieces shared by the two admin dashboards: counters, status badges, dates, the reject-notes dialog. */
import { useId, useRef, useState, type ReactNode } from 'react';
import { reviewNotesProblem } from '@functions/kyc/catalog';
import type { PendingKycDocument } from '@functions/kyc/contract';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { TextAreaField } from '../../shared/ui/fields';
import type { LoadErrorProps } from '../../shared/ui/QueryState';
import { formatMoney } from '../../shared/format';
import { dateFormat } from '../../shared/when';
import { initials } from '../tutors';
import { useDocumentTypeText } from '../kyc';
import { KNOWN_STATUSES } from './admin-rules';
import { useAdminText, type AdminMessage } from './text';

export interface Counter {
  label: string;
  value: number | undefined;
  format?: (value: number) => string;
  /** One short line under the figure saying what it counts. */
  hint?: string;
}

/**
 * Counters from the API: "…" while loading, "—" when they could not be read (with a Retry),
 * real numbers otherwise.
 */
export function Counters({ label, items, failed, onRetry }: { label: string; items: readonly Counter[]; failed: boolean; onRetry: () => void }) {
  const t = useAdminText();
  const loading = !failed && items.some((item) => item.value === undefined);
  return (
    <div className="admin-counters-block">
      <dl className="admin-counters" aria-label={label} aria-busy={loading || undefined}>
        {items.map((item) => (
          <div key={item.label} className="card admin-counter">
            <dt>{item.label}</dt>
            <dd>{item.value === undefined ? (failed ? '—' : '…') : (item.format ?? formatMoney)(item.value)}</dd>
            {item.hint && <dd className="admin-counter-hint muted">{item.hint}</dd>}
          </div>
        ))}
      </dl>
      {failed && (
        <p role="alert" className="admin-inline-error">
          {t('counters.failed')}{' '}
          <button type="button" className="btn-link" onClick={onRetry}>
            {t('retry')}
          </button>
        </p>
      )}
    </div>
  );
}

/** Initials on a coloured circle (the lists show no photos: lighter on slow networks). */
/** The foot of a paged admin list: a failure to load more (`failed` says so), and "Load more" while there is more. */
export function LoadMore({ failed, query }: {
  failed: string;
  query: { isFetchNextPageError: boolean; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const t = useAdminText();
  return (
    <>
      {query.isFetchNextPageError && (
        <p className="alert alert-error admin-load-more" role="alert">
          {failed}
        </p>
      )}
      {query.hasNextPage && (
        <div className="admin-load-more">
          <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

export function InitialsAvatar({ firstName, lastName }: { firstName: string; lastName: string }) {
  return (
    <span className="admin-avatar" aria-hidden="true">
      {initials(firstName, lastName) || '?'}
    </span>
  );
}

/** How the admin pages say a load failed (`title`: "Could not load the users."): one line with a Retry. */
export const loadFailed = (title: string, inCard = false): LoadErrorProps => ({
  title,
  look: 'inline',
  className: 'admin-inline-error',
  inCard,
});


/**
 * Transaction and lesson states: success/paid/completed are good, failed/abandoned/mismatch/refunds
 * bad, the rest waiting. The words come from the catalog (`label` when the caller has its own);
 * a state the catalog does not know yet shows as sent, underscores as spaces.
 */
export function TransactionStatus({ status, label }: { status: string; label?: string }) {
  const t = useAdminText();
  const tone = /^(success|paid|completed)$/i.test(status) ? 'ok' : /fail|abandon|mismatch|reversed|refund/i.test(status) ? 'bad' : 'wait';
  const known = KNOWN_STATUSES.has(status) ? t(`status.${status}` as AdminMessage) : status.replace(/_/g, ' ');
  return <span className={`status-badge status-${tone}`}>{label ?? known}</span>;
}

/** "16 Nov 2026, 14:05" in the viewer's zone and language. */
/** Nairobi: the zone the lessons' day is cut in by the API, and lesson times are shown in. */
export const PLATFORM_TIME_ZONE = 'Africa/Nairobi';

/** How long ago, in whole days ("today", "3 days ago" / "leo", "siku 3 zilizopita"). */
export function Age({ iso, now = Date.now() }: { iso: string; now?: number }) {
  useAdminText(); // re-renders on a language switch
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const days = Math.max(0, Math.floor((now - at) / 86_400_000));
  const locale = dateFormat({}).resolvedOptions().locale;
  return <>{new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-days, 'day')}</>;
}

/** A date and time on the viewer's clock, or in `timeZone` when a list is cut in one. */
export function DateTime({ iso, timeZone }: { iso: string; timeZone?: string }) {
  useAdminText(); // re-renders on a language switch
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={iso}>{dateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(date)}</time>;
}

export const tutorName = (doc: Pick<PendingKycDocument, 'tutor'>) => `${doc.tutor.firstName} ${doc.tutor.lastName}`.trim();

/** "National ID Card from Jane Doe": the hidden end of an Approve/Reject/Review button's name. */
export function useDocumentContext(): (doc: PendingKycDocument) => string {
  const t = useAdminText();
  const documentTypeLabel = useDocumentTypeText();
  return (doc) => t('document.context', { document: documentTypeLabel(doc), name: tutorName(doc) });
}

/** Hidden context after a short visible button text ("Approve" → "Approve National ID Card from …"). */
export const Context = ({ children }: { children: ReactNode }) => <span className="visually-hidden"> {children}</span>;

/** Review notes for a rejection (the tutor sees them), then Reject. */
export function RejectDialog({
  doc,
  busy,
  error,
  onCancel,
  onReject,
}: {
  doc: PendingKycDocument | null;
  busy: boolean;
  /** Why the last attempt failed (the toast is hidden under the dialog's backdrop). */
  error?: string | undefined;
  onCancel: () => void;
  onReject: (notes: string) => void;
}) {
  const t = useAdminText();
  const documentContext = useDocumentContext();
  return (
    <Dialog
      open={doc !== null}
      title={t('reject.title')}
      description={doc ? t('reject.description', { document: documentContext(doc) }) : undefined}
      onClose={onCancel}
    >
      <RejectForm busy={busy} error={error} onCancel={onCancel} onReject={onReject} />
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so every rejection starts with empty notes. */
function RejectForm({
  busy,
  error,
  onCancel,
  onReject,
}: {
  busy: boolean;
  error: string | undefined;
  onCancel: () => void;
  onReject: (notes: string) => void;
}) {
  const t = useAdminText();
  const id = useId();
  const notes = useReviewNotes();
  return (
    <form
      className="form admin-dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (notes.ready('reject')) onReject(notes.value);
      }}
    >
      <ReviewNotesField id={`${id}-notes`} notes={notes} />
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions admin-dialog-actions">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="danger" busy={busy}>
          {t('reject')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The review notes of both review dialogs. Rejecting needs them (the tutor reads them to know
 * what to fix): `ready('reject')` with none shows the reason next to the field and focuses it.
 */
export function useReviewNotes() {
  const t = useAdminText();
  const [value, setValue] = useState('');
  // The shared rule (also the API's) decides; the words come from the catalog, in the reader's language.
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  return {
    value,
    problem: missing ? t('notes.needReason') : null,
    field,
    change(next: string) {
      setValue(next);
      if (missing && !reviewNotesProblem('reject', next)) setMissing(false);
    },
    ready(decision: 'approve' | 'reject'): boolean {
      const found = reviewNotesProblem(decision, value) !== null;
      setMissing(found);
      if (found) field.current?.focus();
      return !found;
    },
  };
}

export function ReviewNotesField({ id, notes }: { id: string; notes: ReturnType<typeof useReviewNotes> }) {
  const t = useAdminText();
  return (
    <TextAreaField
      ref={notes.field}
      id={id}
      label={t('notes.label')}
      rows={3}
      maxLength={1000}
      value={notes.value}
      placeholder={t('notes.placeholder')}
      hint={t('notes.hint')}
      error={notes.problem ?? undefined}
      onChange={(event) => notes.change(event.target.value)}
    />
  );
}

interface NoteFormProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Shown when submitted empty. */
  missing: string;
  /** The server's refusal, when the last try failed. */
  failure: string | undefined;
  pending: boolean;
  onSubmit: (note: string) => void;
  onCancel: () => void;
}

/** A note a super admin must give for an audited action (resolve a payment problem, refund a payment). */
export function NoteForm({ label, placeholder, submitLabel, missing, failure, pending, onSubmit, onCancel }: NoteFormProps) {
  const t = useAdminText();
  const id = useId();
  const [note, setNote] = useState('');
  const [empty, setEmpty] = useState(false);
  const error = empty ? missing : failure;
  return (
    <form
      className="form admin-dialog-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!note.trim()) return setEmpty(true);
        onSubmit(note.trim());
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-note`}>{label}</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={500}
          value={note}
          placeholder={placeholder}
          aria-invalid={empty || undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setEmpty(false);
          }}
        />
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="actions admin-dialog-actions">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          {t('cancel')}
        </Button>
        <Button type="submit" busy={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
