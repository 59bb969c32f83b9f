/**
 * Certificates on the super admin dashboard: newest first, or one looked up by
 * its code; Revoke with a reason (audited). A revoked certificate's public page says so at once.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { AdminCertificate } from '@functions/certificates/contract';
import { reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { adminCertificatesQuery, certificateDate, useRevokeCertificate } from '../certificates';
import { Context, loadFailed, LoadMore, NoteForm } from './components';
import { useOverviewText } from './overview-text';

export function CertificatesAdmin() {
  const t = useOverviewText();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [code, setCode] = useState('');
  const query = useInfiniteQuery(adminCertificatesQuery(code));
  const certificates = useMemo(() => query.data?.pages.flatMap((p) => p.certificates) ?? [], [query.data]);
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setCode(draft.trim().toUpperCase());
  };
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('certificates.title')}</h2>
      <form className="admin-cert-search" onSubmit={search} role="search">
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('certificates.code')}</label>
          <input id={`${id}-code`} value={draft} placeholder={t('certificates.codePlaceholder')} maxLength={14} autoComplete="off"
            onChange={(e) => setDraft(e.target.value)} />
        </div>
        <Button type="submit" size="sm" variant="secondary">{t('certificates.lookUp')}</Button>
        {code && <Button size="sm" variant="ghost" onClick={() => { setDraft(''); setCode(''); }}>{t('certificates.showAll')}</Button>}
      </form>
      <QueryState
        query={query}
        loading={t('certificates.loading')}
        error={code && query.error ? { title: reasonOf(query.error), look: 'block' } : loadFailed(t('certificates.loadFailed'))}
        empty={{
          when: () => certificates.length === 0,
          show: <p className="admin-empty">{code ? t('certificates.noneWithCode', { code }) : t('certificates.none')}</p>,
        }}
      >
        {() => (
          <ul className="problem-list" role="list">
            {certificates.map((c) => (
              <li key={c.code} className="problem-row">
                <div className="problem-head">
                  <span className={`status-badge ${c.status === 'valid' ? 'status-ok' : 'status-bad'}`}>{c.status === 'valid' ? t('certificates.valid') : t('certificates.revoked')}</span>
                  <strong>{c.courseTitle}</strong>
                </div>
                <p>
                  {t('certificates.line', { learner: c.learnerName, tutor: c.tutorName, date: certificateDate(c.issuedAt) })}{' '}
                  <Link to={paths.certificate(c.code)}>{c.code}</Link>
                </p>
                {c.revokeReason && (
                  <p className="muted">
                    {c.revokedAt
                      ? t('certificates.revokedOn', { date: certificateDate(c.revokedAt), reason: c.revokeReason })
                      : t('certificates.revokedBecause', { reason: c.revokeReason })}
                  </p>
                )}
                {c.status === 'valid' && (
                  <Button size="sm" variant="danger" onClick={() => setRevoking(c)}>
                    {t('certificates.revoke')}<Context>{t('certificates.revokeContext', { learner: c.learnerName, course: c.courseTitle })}</Context>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMore failed={t('certificates.loadMoreFailed')} query={query} />
      <Dialog
        open={revoking !== null}
        title={t('certificates.revokeTitle')}
        description={revoking ? t('certificates.revokeDescription', { learner: revoking.learnerName, course: revoking.courseTitle, code: revoking.code }) : undefined}
        onClose={() => setRevoking(null)}
      >
        {revoking && <RevokeForm key={revoking.code} cert={revoking} onDone={() => setRevoking(null)} />}
      </Dialog>
    </section>
  );
}

/** Mounted per certificate, so every revocation starts with an empty reason. */
function RevokeForm({ cert, onDone }: { cert: AdminCertificate; onDone: () => void }) {
  const t = useOverviewText();
  const revoke = useRevokeCertificate();
  const toast = useToast();
  return (
    <NoteForm
      label={t('revoke.reason')}
      placeholder={t('revoke.placeholder')}
      submitLabel={t('revoke.submit')}
      missing={t('revoke.missing')}
      failure={revoke.isError ? t('revoke.failed', { reason: reasonOf(revoke.error) }) : undefined}
      pending={revoke.isPending}
      onSubmit={(reason) => revoke.mutate({ code: cert.code, reason }, {
        onSuccess: () => { toast.success(t('revoke.done')); onDone(); },
      })}
      onCancel={onDone}
    />
  );
}
