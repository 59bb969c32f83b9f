/**
 * A child's own login, on their card in My children: "Has their own login" with Unlink, or "Give
 * a login", which makes a pairing code (shown once, valid 24 hours) for the child to enter on
 * "Join your family" from their own student account.
 */
import { useState } from 'react';
import type { Learner, PairingCodeResponse } from '@functions/households/contract';
import { reasonOf } from '../../shared/api';
import { dateFormat } from '../../shared/when';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { useToast } from '../../shared/ui/toast';
import { useCreatePairingCode, useUnlinkLearnerLogin } from './households-api';
import { useHouseholdsText } from './text';

export function LearnerLogin({ learner }: { learner: Learner }) {
  const t = useHouseholdsText();
  const toast = useToast();
  const create = useCreatePairingCode();
  const unlink = useUnlinkLearnerLogin();
  const [code, setCode] = useState<PairingCodeResponse | null>(null);
  const [unlinking, setUnlinking] = useState(false);
  const name = learner.firstName;

  const makeCode = async () => {
    try {
      setCode(await create.mutateAsync(learner.id));
    } catch (error) {
      toast.error(t('login.codeFailed', { reason: reasonOf(error) }));
    }
  };
  const confirmUnlink = async () => {
    try {
      await unlink.mutateAsync(learner.id);
      toast.success(t('login.unlinked', { name }));
      setUnlinking(false);
    } catch (error) {
      toast.error(t('login.unlinkFailed', { reason: reasonOf(error) }));
    }
  };
  const until = code ? dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(code.expiresAt)) : '';

  return (
    <div className="learner-login">
      {learner.hasLogin ? (
        <>
          <p className="learner-login-state">{t('login.has')}</p>
          <Button size="sm" variant="ghost" onClick={() => setUnlinking(true)} aria-label={`${t('login.unlink')}: ${name}`}>{t('login.unlink')}</Button>
        </>
      ) : (
        <Button size="sm" variant="secondary" busy={create.isPending} onClick={() => void makeCode()} aria-label={`${t('login.give')}: ${name}`}>{t('login.give')}</Button>
      )}
      <Dialog open={code !== null} title={t('login.codeTitle', { name })} onClose={() => setCode(null)}>
        <p className="pairing-code num" aria-label={t('login.codeLabel')}>{code?.code}</p>
        <p>{t('login.codeHow', { name })}</p>
        <p className="muted">{t('login.codeUntil', { until })}</p>
        <div className="form-actions">
          <Button onClick={() => setCode(null)}>{t('login.done')}</Button>
        </div>
      </Dialog>
      <Dialog open={unlinking} title={t('login.unlinkTitle', { name })} description={t('login.unlinkText', { name })} onClose={() => setUnlinking(false)}>
        <div className="form-actions">
          <Button variant="danger" busy={unlink.isPending} onClick={() => void confirmUnlink()}>{t('login.unlinkConfirm')}</Button>
          <Button variant="ghost" onClick={() => setUnlinking(false)}>{t('login.keep')}</Button>
        </div>
      </Dialog>
    </div>
  );
}
