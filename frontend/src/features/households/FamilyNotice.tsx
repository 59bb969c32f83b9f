/**
 * On a student's dashboard: the way to Join your family, or, for a linked learner, that their
 * parent books and pays (the server refuses them those routes: households/payer.ts).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError, reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { paths } from '../../shared/paths';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { StateCard } from '../../shared/ui/QueryState';
import { authKeys, useMe, useSession } from '../auth';
import { useResendApproval } from './households-api';
import { useHouseholdsText } from './text';

export function FamilyNotice() {
  const t = useHouseholdsText();
  const { profile } = useMe();
  if (!profile || profile.role !== 'student') return null;
  if (profile.parentApproval === 'pending') return <WaitingForParent />;
  if (profile.parentId) return <p className="alert alert-info">{t('join.linkedText')}</p>;
  return (
    <p className="muted">
      {t('join.card')} <Link to={paths.joinFamily}>{t('join.open')}</Link>
    </p>
  );
}

/** A linked learner's parent books and pays: the booking page says so instead of its form. */
export function PayerOnly({ children }: { children: ReactNode }) {
  const t = useHouseholdsText();
  const { profile } = useMe();
  if (profile?.parentApproval === 'pending') {
    return (
      <DashboardShell>
        <div className="dashboard-title"><h1>{t('waiting.title')}</h1></div>
        <WaitingForParent />
      </DashboardShell>
    );
  }
  if (profile?.parentId) {
    return (
      <DashboardShell>
        <StateCard heading="h1" title={t('join.linkedTitle')} text={t('join.linkedText')} />
      </DashboardShell>
    );
  }
  return <>{children}</>;
}

/**
 * A student under 18 who signed up alone, until their parent approves (households/payer.ts refuses
 * them booking, payment and chat meanwhile): what is closed, and a new link for the parent.
 */
export function WaitingForParent() {
  const t = useHouseholdsText();
  const resend = useResendApproval();
  useApprovalNoticed();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const onResend = async () => {
    setAnswer(null);
    try {
      const sent = await resend.mutateAsync();
      setAnswer({ ok: true, text: sent.message });
    } catch (failure) {
      // 429: a few links an hour; the server's message says so in the user's language.
      const text = failure instanceof ApiError && failure.status === 429 ? t('waiting.tooMany')
        : failure instanceof ApiError && failure.fromServer ? failure.message : t('waiting.failed', { reason: reasonOf(failure) });
      setAnswer({ ok: false, text });
    }
  };

  return (
    <div className="alert alert-warn waiting-for-parent" id="waiting-for-parent" role="status">
      <p><strong>{t('waiting.heading')}</strong></p>
      <p>{t('waiting.text')}</p>
      <Button variant="secondary" size="sm" busy={resend.isPending} onClick={() => void onResend()}>{t('waiting.resend')}</Button>
      {answer && <p className={answer.ok ? 'waiting-answer' : 'waiting-answer field-error'} role={answer.ok ? undefined : 'alert'}>{answer.text}</p>}
    </div>
  );
}

/** How often a waiting page asks whether the parent has approved (their approval changes the profile). */
const APPROVAL_CHECK_MS = 60_000;

/**
 * The parent approves on another device: the profile (GET /api/me) then has a parentId and no
 * parentApproval. While waiting, re-read it when the student comes back to the tab, and now and
 * then, so the pages open up (and say "Ask your parent to book") without signing in again.
 */
function useApprovalNoticed() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const userId = session.status === 'signed-in' ? session.userId : undefined;
  useEffect(() => {
    if (!userId) return;
    const check = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: authKeys.me(userId) });
    };
    const timer = window.setInterval(check, APPROVAL_CHECK_MS);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [queryClient, userId]);
}
