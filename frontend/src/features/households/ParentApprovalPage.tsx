/**
 * The page a parent's approval link opens (/parent-approval#token: the token stays in the fragment,
 * out of every access log, and is sent in a request body). It says which student asks and until
 * when; a parent signed in approves with the child's curriculum and grade, or declines; anyone else
 * is sent to sign in or sign up as a Parent and brought back here (the token is kept for the tab).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { CURRICULA, CURRICULUM_LABELS, gradeBelongsTo, gradesOf, isCurriculum } from '@functions/households/grades-catalog';
import { ApiError, reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { SelectField } from '../../shared/ui/fields';
import { StateCard } from '../../shared/ui/QueryState';
import { PageLoading } from '../../shared/ui/Spinner';
import { useActiveLanguage } from '../../shared/i18n/text';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useMe, useSession, type AuthLinkState } from '../auth';
import { approvalViewQuery, useApproveChild, useDeclineChild } from './households-api';
import { useHouseholdsText } from './text';
import './households.css';

const TOKEN_KEY = 'alp.parent-approval-token';

/** The link's token: the fragment, else the one this tab kept while the parent signed in. */
function useApprovalToken(): string {
  const { hash } = useLocation();
  const [token] = useState(() => {
    const fromLink = decodeURIComponent(hash.replace(/^#/, ''));
    if (fromLink) {
      sessionStorage.setItem(TOKEN_KEY, fromLink);
      return fromLink;
    }
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  });
  return token;
}

type Outcome = { kind: 'approved' | 'declined'; message: string };

export function ParentApprovalPage() {
  const t = useHouseholdsText();
  useDocumentTitle(t('approval.title'));
  const token = useApprovalToken();
  const view = useQuery({ ...approvalViewQuery(token), enabled: token !== '' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  let body;
  if (outcome) {
    body = (
      <StateCard title={t(outcome.kind === 'approved' ? 'approval.approvedTitle' : 'approval.declinedTitle')} text={outcome.message}>
        {outcome.kind === 'approved' && <Link className={buttonClass()} to={paths.parentDashboard}>{t('approval.toDashboard')}</Link>}
      </StateCard>
    );
  } else if (token === '' || (view.error instanceof ApiError && view.error.status === 404)) {
    body = <StateCard title={t('approval.invalidTitle')} text={t('approval.invalidText')} />;
  } else if (view.error instanceof ApiError && view.error.status === 410) {
    const expired = view.error.code === 'approval_link_expired';
    body = <StateCard title={t(expired ? 'approval.expiredTitle' : 'approval.usedTitle')} text={t(expired ? 'approval.expiredText' : 'approval.usedText')} />;
  } else if (view.error) {
    body = <StateCard title={t('approval.loadError')} text={reasonOf(view.error)}>
        <Button onClick={() => void view.refetch()}>{t('approval.retry')}</Button>
      </StateCard>;
  } else if (!view.data) {
    return <PageLoading />;
  } else {
    const name = `${view.data.student.firstName} ${view.data.student.lastName}`;
    body = (
      <>
        <p className="alert alert-info" id="approval-asks">
          {t('approval.asks', { name, until: new Date(view.data.expiresAt).toLocaleDateString(undefined, { dateStyle: 'long' }) })}
        </p>
        <p className="muted">{t('approval.what', { firstName: view.data.student.firstName })}</p>
        <ParentAnswer token={token} firstName={view.data.student.firstName} onDone={setOutcome} />
      </>
    );
  }

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('approval.title')}</h1>
      </div>
      {body}
    </DashboardShell>
  );
}

/** Signed in as a parent: the grade form; otherwise the way to sign in or sign up as one. */
function ParentAnswer({ token, firstName, onDone }: { token: string; firstName: string; onDone: (outcome: Outcome) => void }) {
  const t = useHouseholdsText();
  const { session } = useSession();
  const { profile } = useMe();
  const decline = useDeclineChild();
  const [error, setError] = useState<string | undefined>();

  const onDecline = async () => {
    setError(undefined);
    try {
      const answer = await decline.mutateAsync(token);
      onDone({ kind: 'declined', message: answer.message });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.fromServer ? failure.message : reasonOf(failure));
    }
  };
  const declineButton = (
    <Button variant="ghost" busy={decline.isPending} onClick={() => void onDecline()}>{t('approval.decline')}</Button>
  );

  if (session.status === 'loading' || (session.status === 'signed-in' && !profile)) return <PageLoading />;
  if (session.status !== 'signed-in' || profile?.role !== 'parent') {
    const back: AuthLinkState = { returnTo: paths.parentApproval };
    return (
      <div className="approval-sign-in">
        <p>{t(session.status === 'signed-in' ? 'approval.notParent' : 'approval.signInFirst', { firstName })}</p>
        {session.status !== 'signed-in' && (
          <div className="form-actions">
            <Link className={buttonClass()} id="approval-sign-in" to={paths.auth} state={{ ...back, tab: 'signin', as: 'parent' }}>{t('approval.signIn')}</Link>
            <Link className={buttonClass('secondary')} id="approval-sign-up" to={`${paths.auth}?tab=signup&as=parent`} state={{ ...back, tab: 'signup', as: 'parent' }}>
              {t('approval.signUp')}
            </Link>
          </div>
        )}
        {error && <p className="alert alert-error" role="alert">{error}</p>}
        <div className="form-actions">{declineButton}</div>
      </div>
    );
  }
  return <GradeForm token={token} firstName={firstName} onDone={onDone} declineButton={declineButton} declineError={error} />;
}

function GradeForm({ token, firstName, onDone, declineButton, declineError }: {
  token: string; firstName: string; onDone: (outcome: Outcome) => void; declineButton: ReactNode; declineError?: string;
}) {
  const t = useHouseholdsText();
  const language = useActiveLanguage();
  const approve = useApproveChild();
  const [curriculum, setCurriculum] = useState('');
  const [grade, setGrade] = useState('');
  const [problem, setProblem] = useState<{ curriculum?: string; grade?: string; form?: string }>({});
  const grades = isCurriculum(curriculum) ? gradesOf(curriculum) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCurriculum(curriculum)) return setProblem({ curriculum: t('approval.chooseCurriculum') });
    if (!gradeBelongsTo(grade, curriculum)) return setProblem({ grade: t('approval.chooseGrade') });
    setProblem({});
    try {
      const answer = await approve.mutateAsync({ token, curriculum, grade: grade as never });
      onDone({ kind: 'approved', message: answer.message });
    } catch (failure) {
      setProblem({ form: failure instanceof ApiError && failure.fromServer ? failure.message : t('approval.failed', { reason: reasonOf(failure) }) });
    }
  };

  return (
    <form className="form approval-form" noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('approval.gradeIntro', { firstName })}</p>
      <SelectField id="approval-curriculum" label={t('form.curriculum')} value={curriculum} error={problem.curriculum}
        onChange={(event) => { setCurriculum(event.target.value); setGrade(''); }}>
        <option value="">{t('form.chooseCurriculum')}</option>
        {CURRICULA.map((c) => <option key={c} value={c}>{CURRICULUM_LABELS[c][language]}</option>)}
      </SelectField>
      <SelectField id="approval-grade" label={t('form.grade')} value={grade} error={problem.grade} disabled={grades.length === 0}
        onChange={(event) => setGrade(event.target.value)}>
        <option value="">{grades.length === 0 ? t('form.chooseCurriculumFirst') : t('form.chooseGrade')}</option>
        {grades.map((g) => <option key={g.id} value={g.id}>{g.label[language]}</option>)}
      </SelectField>
      {(problem.form ?? declineError) && <p className="alert alert-error" role="alert">{problem.form ?? declineError}</p>}
      <div className="form-actions">
        <Button type="submit" busy={approve.isPending}>{t('approval.approve')}</Button>
        {declineButton}
      </div>
    </form>
  );
}
