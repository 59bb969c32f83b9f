/**
 * Moderation (super admins): conversations either side reported, newest first ("Load more"). Read
 * one (as written; every read is recorded in the audit, so it runs only when asked), close the
 * report, and suspend (with a reason) or reinstate either party.
 */
import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationReport } from '@functions/admin/contract';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { QueryState } from '../../shared/ui/QueryState';
import { moderationReportsQuery, useCloseReport, useReadReportedConversation, useSetSuspension } from './admin-api';
import { DateTime, loadFailed, LoadMore } from './components';
import { useDashboardText } from './dashboard-text';

export function ModerationTab() {
  const t = useDashboardText();
  const id = useId();
  const query = useInfiniteQuery(moderationReportsQuery());
  const reports = query.data?.pages.flatMap((page) => page.reports) ?? [];
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('moderation.title')}</h2>
      <p className="muted">{t('moderation.lead')}</p>
      <QueryState
        query={query}
        loading={t('moderation.loading')}
        error={loadFailed(t('moderation.loadFailed'))}
        empty={{ when: () => reports.length === 0, show: <p className="admin-empty">{t('moderation.none')}</p> }}
      >
        {() => (
          <>
            <ul className="problem-list" role="list" aria-label={t('moderation.title')}>
              {reports.map((report) => <Report key={report.conversationId} report={report} />)}
            </ul>
            <LoadMore failed={t('moderation.loadFailed')} query={query} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Report({ report }: { report: ModerationReport }) {
  const t = useDashboardText();
  const read = useReadReportedConversation();
  const close = useCloseReport();
  const names = t('moderation.between', { family: report.family.name, tutor: report.tutor.name });
  return (
    <li className="problem-row moderation-report" aria-label={names}>
      <strong>{names}</strong>
      {report.reportedAt && <p className="muted">{t('moderation.reportedAt')} <DateTime iso={report.reportedAt} /></p>}
      <ul className="moderation-reasons" role="list">
        {report.reports.map((r) => (
          <li key={`${r.side}-${r.at}`}>{t(`moderation.by.${r.side}`)}: “{r.reason}”</li>
        ))}
      </ul>
      <div className="admin-row-actions">
        <Button size="sm" variant="secondary" busy={read.isPending} onClick={() => read.mutate(report.conversationId)}>{t('moderation.read')}</Button>
        <Button size="sm" variant="secondary" busy={close.isPending} onClick={() => close.mutate(report.conversationId)}>{t('moderation.close')}</Button>
      </div>
      {close.isError && <p role="alert" className="admin-inline-error">{t('moderation.failed', { reason: reasonOf(close.error) })}</p>}
      <div aria-live="polite">
        {read.isError && <p role="alert" className="admin-inline-error">{t('moderation.failed', { reason: reasonOf(read.error) })}</p>}
        {read.isSuccess && (
          <div className="moderation-thread">
            <p className="household-audited" role="note">{t('moderation.audited')}</p>
            {read.data.messages.length === 0 ? <p className="admin-empty">{t('moderation.noMessages')}</p> : (
              <ol className="moderation-messages" aria-label={t('moderation.messages')}>
                {read.data.messages.map((m) => (
                  <li key={m.id}>
                    <span className="moderation-who">{m.side === 'tutor' ? report.tutor.name : report.family.name}</span>{' '}
                    <span className="muted"><DateTime iso={m.sentAt} /></span>
                    <p>{m.text}</p>
                    {m.attachment && <a href={m.attachment.url} target="_blank" rel="noreferrer">{m.attachment.name}</a>}
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </div>
      <Suspension party={report.tutor} label={t('moderation.party.tutor')} />
      <Suspension party={report.family} label={t('moderation.party.family')} />
    </li>
  );
}

function Suspension({ party, label }: { party: ModerationReport['tutor']; label: string }) {
  const t = useDashboardText();
  const id = useId();
  const change = useSetSuspension();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ userId: party.id, suspended: true, reason: reason.trim() }, { onSuccess: () => setOpen(false) });
  };
  return (
    <div className="moderation-suspension">
      {party.suspended ? (
        <p>
          <span className="badge">{t('moderation.suspended', { who: label, name: party.name })}</span>{' '}
          <Button size="sm" variant="secondary" busy={change.isPending} onClick={() => change.mutate({ userId: party.id, suspended: false })}>
            {t('moderation.reinstate', { who: label })}
          </Button>
        </p>
      ) : open ? (
        <form onSubmit={submit} className="moderation-suspend-form">
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t('moderation.reason', { who: label, name: party.name })}</label>
            <textarea id={`${id}-reason`} required minLength={3} maxLength={500} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          <div className="admin-row-actions">
            <Button type="submit" size="sm" variant="danger" busy={change.isPending}>{t('moderation.confirmSuspend')}</Button>
            <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>{t('moderation.cancel')}</Button>
          </div>
        </form>
      ) : (
        <Button size="sm" variant="danger" onClick={() => setOpen(true)}>{t('moderation.suspend', { who: label })}</Button>
      )}
      {change.isError && <p role="alert" className="admin-inline-error">{t('moderation.failed', { reason: reasonOf(change.error) })}</p>}
    </div>
  );
}
