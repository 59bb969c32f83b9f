/**
 * Certificates on the super admin dashboard (issue 12 item 4): newest first, or one looked up by
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

export function CertificatesAdmin() {
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
      <h2 id={`${id}-title`}>Certificates</h2>
      <form className="admin-cert-search" onSubmit={search} role="search">
        <div className="field">
          <label htmlFor={`${id}-code`}>Certificate code</label>
          <input id={`${id}-code`} value={draft} placeholder="ABCD-EFGH-JKMN" maxLength={14} autoComplete="off"
            onChange={(e) => setDraft(e.target.value)} />
        </div>
        <Button type="submit" size="sm" variant="secondary">Look up</Button>
        {code && <Button size="sm" variant="ghost" onClick={() => { setDraft(''); setCode(''); }}>Show all</Button>}
      </form>
      <QueryState
        query={query}
        loading="Loading certificates…"
        error={code && query.error ? { title: reasonOf(query.error), look: 'block' } : loadFailed('the certificates')}
        empty={{
          when: () => certificates.length === 0,
          show: <p className="admin-empty">{code ? `No certificate has the code ${code}.` : 'No certificates yet. They are issued when a student completes a course.'}</p>,
        }}
      >
        {() => (
          <ul className="problem-list" role="list">
            {certificates.map((c) => (
              <li key={c.code} className="problem-row">
                <div className="problem-head">
                  <span className={`status-badge ${c.status === 'valid' ? 'status-ok' : 'status-bad'}`}>{c.status === 'valid' ? 'Valid' : 'Revoked'}</span>
                  <strong>{c.courseTitle}</strong>
                </div>
                <p>
                  {c.learnerName} · tutor {c.tutorName} · issued {certificateDate(c.issuedAt)} ·{' '}
                  <Link to={paths.certificate(c.code)}>{c.code}</Link>
                </p>
                {c.revokeReason && <p className="muted">Revoked{c.revokedAt ? ` ${certificateDate(c.revokedAt)}` : ''}: {c.revokeReason}</p>}
                {c.status === 'valid' && (
                  <Button size="sm" variant="danger" onClick={() => setRevoking(c)}>
                    Revoke<Context>{`certificate of ${c.learnerName}, ${c.courseTitle}`}</Context>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMore what="certificates" query={query} />
      <Dialog
        open={revoking !== null}
        title="Revoke certificate"
        description={revoking ? `${revoking.learnerName} · ${revoking.courseTitle} · ${revoking.code}. Its public page will say it is revoked. Your reason is kept with your name.` : undefined}
        onClose={() => setRevoking(null)}
      >
        {revoking && <RevokeForm key={revoking.code} cert={revoking} onDone={() => setRevoking(null)} />}
      </Dialog>
    </section>
  );
}

/** Mounted per certificate, so every revocation starts with an empty reason. */
function RevokeForm({ cert, onDone }: { cert: AdminCertificate; onDone: () => void }) {
  const revoke = useRevokeCertificate();
  const toast = useToast();
  return (
    <NoteForm
      label="Reason"
      placeholder="For example: the lessons were completed on someone else's account."
      submitLabel="Revoke certificate"
      missing="Give a reason"
      failure={revoke.isError ? `Could not revoke it: ${reasonOf(revoke.error)}` : undefined}
      pending={revoke.isPending}
      onSubmit={(reason) => revoke.mutate({ code: cert.code, reason }, {
        onSuccess: () => { toast.success('Certificate revoked'); onDone(); },
      })}
      onCancel={onDone}
    />
  );
}
