/**
 * Join your family (/join-family): a student enters the pairing code their parent made in My
 * children, and their account becomes that child's login. Once linked, the page says so.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { TextField } from '../../shared/ui/fields';
import { StateCard } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useMe } from '../auth';
import { useJoinHousehold } from './households-api';
import { useHouseholdsText } from './text';
import './households.css';

export function JoinFamilyPage() {
  const t = useHouseholdsText();
  useDocumentTitle(t('join.title'));
  const { profile } = useMe();
  const join = useJoinHousehold();
  const toast = useToast();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await join.mutateAsync(code);
      toast.success(t('join.done', { name: answer.learner.firstName }));
      navigate(paths.studentDashboard);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fromServer && failure.status < 500) setError(failure.message);
      else toast.error(t('join.failed', { reason: reasonOf(failure) }));
    }
  };

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('join.title')}</h1>
      </div>
      {profile?.parentId ? (
        <StateCard title={t('join.linkedTitle')} text={t('join.linkedText')} />
      ) : (
        <>
          <p className="muted">{t('join.intro')}</p>
          <form className="form join-family-form" noValidate onSubmit={(event) => void submit(event)}>
            <TextField
              id="join-family-code" label={t('join.code')} autoComplete="off" autoCapitalize="characters" spellCheck={false}
              value={code} onChange={(event) => setCode(event.target.value)} error={error}
            />
            <div className="form-actions">
              <Button type="submit" busy={join.isPending}>{t('join.submit')}</Button>
            </div>
          </form>
        </>
      )}
    </DashboardShell>
  );
}
