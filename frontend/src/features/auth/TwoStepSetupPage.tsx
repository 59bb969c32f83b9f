/**
 * "Set up two-step sign-in": where a super admin without an authenticator app lands before any
 * admin page (the API refuses admin routes until this is done).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@functions/profiles/contract';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession } from './session';
import { TotpSetupSteps } from './TotpSetupSteps';
import { useAuthText } from './text';
import { authKeys } from './keys';
import { useMe } from './useMe';
import './auth.css';

export function TwoStepSetupPage() {
  const t = useAuthText();
  useDocumentTitle(t('setup.title'));
  const { session } = useSession();
  const { profile } = useMe();
  const queryClient = useQueryClient();
  const toast = useToast();
  const account = profile?.email ?? (session.status === 'signed-in' ? session.email : undefined) ?? '';

  const done = async () => {
    toast.success(t('setup.done'));
    // The guard now lets admin pages open and sends this page back to where the admin was going.
    if (session.status === 'signed-in') {
      queryClient.setQueryData<MeResponse>(authKeys.me(session.userId), (old) => (old ? { ...old, mfaSetupRequired: false } : old));
    }
  };

  return (
    <main className="centered-page" id="main">
      <section className="card two-step" aria-labelledby="two-step-title">
        <h1 id="two-step-title">{t('setup.title')}</h1>
        <p>{t('setup.intro')}</p>
        <TotpSetupSteps account={account} onDone={done} />
      </section>
    </main>
  );
}
