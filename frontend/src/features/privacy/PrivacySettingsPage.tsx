/**
 * Privacy and your data (/account/privacy), for every signed-in user: download all their data
 * (a job prepares one JSON file; the page asks again until it is ready, then links to it), a
 * parent deletes one child's data, and anyone deletes their account (DELETE typed and the
 * password, in a dialog). The server decides what may be deleted and says what to do when not.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Learner } from '@functions/households/contract';
import { ApiError, reasonOf } from '../../shared/api';
import { Button, buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { Dialog } from '../../shared/ui/Dialog';
import { TextField } from '../../shared/ui/fields';
import { useHeaderAccount } from '../../shared/ui/header-account';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { dateFormat } from '../../shared/when';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSignOutToHome } from '../auth';
import { exportQuery, learnersQuery, useDeleteAccount, useDeleteLearnerData, useRequestExport } from './privacy-api';
import { usePrivacyText } from './text';
import './privacy.css';

export function PrivacySettingsPage() {
  const t = usePrivacyText();
  useDocumentTitle(t('title'));
  const account = useHeaderAccount();
  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('title')}</h1>
      </div>
      <p className="muted">{t('intro')}</p>
      <div className="privacy-sections">
        <ExportSection />
        {account.kind === 'user' && account.role === 'parent' && <LearnersSection />}
        <AccountSection />
      </div>
    </DashboardShell>
  );
}

function ExportSection() {
  const t = usePrivacyText();
  const toast = useToast();
  const query = useQuery(exportQuery());
  const request = useRequestExport();
  const start = async () => {
    try {
      await request.mutateAsync();
    } catch (error) {
      toast.error(t('failed', { reason: reasonOf(error) }));
    }
  };
  return (
    <section className="card privacy-card" aria-labelledby="privacy-export">
      <h2 id="privacy-export">{t('export.title')}</h2>
      <p className="muted">{t('export.text')}</p>
      <QueryState query={query} loading={t('export.running')} error={{ title: t('export.loadError') }}>
        {({ export: job }) => (
          <div className="privacy-actions" aria-live="polite">
            {job?.status === 'running' && <p role="status">{t('export.running')}</p>}
            {job?.status === 'ready' && job.downloadUrl && (
              <a className={buttonClass('primary', 'md')} href={job.downloadUrl} download="my-data.json">
                {t('export.ready', { date: dateFormat({ day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(job.linkExpiresAt!)) })}
              </a>
            )}
            {job?.status === 'expired' && <p>{t('export.expired')}</p>}
            {job?.status === 'failed' && <p>{t('export.failed')}</p>}
            {job?.status !== 'running' && (
              <Button variant={job?.status === 'ready' ? 'secondary' : 'primary'} busy={request.isPending} onClick={() => void start()}>
                {job ? t('export.again') : t('export.button')}
              </Button>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function LearnersSection() {
  const t = usePrivacyText();
  const query = useQuery(learnersQuery());
  const [deleting, setDeleting] = useState<Learner | null>(null);
  return (
    <section className="card privacy-card" aria-labelledby="privacy-learners">
      <h2 id="privacy-learners">{t('learners.title')}</h2>
      <p className="muted">{t('learners.text')}</p>
      <QueryState query={query} loading="…" error={{ title: t('export.loadError') }}>
        {({ learners }) => learners.length === 0
          ? <p className="muted">{t('learners.empty')}</p>
          : (
            <ul className="privacy-learners">
              {learners.map((learner) => (
                <li key={learner.id}>
                  <span>{learner.firstName} {learner.lastName}</span>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(learner)} aria-label={`${t('learners.delete')}: ${learner.firstName} ${learner.lastName}`}>
                    {t('learners.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
      </QueryState>
      <DeleteLearnerDialog learner={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function DeleteLearnerDialog({ learner, onClose }: { learner: Learner | null; onClose: () => void }) {
  const t = usePrivacyText();
  const toast = useToast();
  const remove = useDeleteLearnerData();
  const name = learner?.firstName ?? '';
  const confirm = async () => {
    if (!learner) return;
    try {
      await remove.mutateAsync(learner.id);
      toast.success(t('learners.started', { name }));
      onClose();
    } catch (error) {
      toast.error(t('failed', { reason: reasonOf(error) }));
    }
  };
  return (
    <Dialog open={learner !== null} title={t('learners.dialogTitle', { name })} description={t('learners.dialogText', { name })} onClose={onClose}>
      <div className="form-actions">
        <Button variant="danger" busy={remove.isPending} onClick={() => void confirm()}>{t('learners.confirm')}</Button>
        <Button variant="ghost" onClick={onClose}>{t('learners.cancel')}</Button>
      </div>
    </Dialog>
  );
}

function AccountSection() {
  const t = usePrivacyText();
  const [open, setOpen] = useState(false);
  return (
    <section className="card privacy-card" aria-labelledby="privacy-account">
      <h2 id="privacy-account">{t('account.title')}</h2>
      <p className="muted">{t('account.text')}</p>
      <div className="privacy-actions">
        <Button variant="danger" onClick={() => setOpen(true)}>{t('account.button')}</Button>
      </div>
      <Dialog open={open} title={t('account.dialogTitle')} description={t('account.dialogText')} onClose={() => setOpen(false)}>
        {open && <DeleteAccountForm onCancel={() => setOpen(false)} />}
      </Dialog>
    </section>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const t = usePrivacyText();
  const toast = useToast();
  const signOut = useSignOutToHome();
  const remove = useDeleteAccount();
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await remove.mutateAsync({ confirmation, password });
      toast.success(t('account.done'));
      await signOut();
    } catch (error) {
      const field = error instanceof ApiError ? error.fields[0]?.path : undefined;
      setProblem({ ...(field ? { field } : {}), message: reasonOf(error) });
    }
  };
  const fieldError = (name: string) => (problem?.field === name ? problem.message : undefined);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextField id="delete-confirmation" label={t('account.confirmation')} value={confirmation} autoComplete="off" autoCapitalize="characters"
        onChange={(e) => setConfirmation(e.target.value)} error={fieldError('confirmation')} />
      <TextField id="delete-password" label={t('account.password')} type="password" value={password} autoComplete="current-password"
        onChange={(e) => setPassword(e.target.value)} error={fieldError('password')} />
      {problem && !problem.field && <p role="alert" className="field-error">{problem.message}</p>}
      <div className="form-actions">
        <Button type="submit" variant="danger" busy={remove.isPending}>{t('account.confirm')}</Button>
        <Button type="button" variant="ghost" onClick={onCancel}>{t('account.cancel')}</Button>
      </div>
    </form>
  );
}
