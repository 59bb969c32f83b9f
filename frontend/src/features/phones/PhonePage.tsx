/**
 * Phone number (/account/phone), for every signed-in user: add a Kenyan mobile number, confirm it
 * with the 6-digit code the SMS brings, change it (the old number keeps working until the new one
 * is confirmed, then hears by SMS that it was replaced) or remove it. The server decides what is
 * valid and how often codes may be asked for; its refusals show beside the field they concern.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MyPhone } from '@functions/phones/contract';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { Dialog } from '../../shared/ui/Dialog';
import { TextField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { dateFormat } from '../../shared/when';
import { localMobile } from './format';
import { myPhoneQuery, useConfirmCode, useRemovePhone, useRequestCode } from './phones-api';
import { usePhonesText } from './text';
import './phones.css';

export function PhonePage() {
  const t = usePhonesText();
  useDocumentTitle(t('title'));
  const query = useQuery(myPhoneQuery());
  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('title')}</h1>
      </div>
      <p className="muted">{t('intro')}</p>
      <section className="card phone-card" aria-labelledby="phone-section">
        <h2 id="phone-section" className="visually-hidden">{t('title')}</h2>
        <QueryState query={query} loading="…" error={{ title: t('loadError') }}>
          {(mine) => <PhoneSection mine={mine} />}
        </QueryState>
      </section>
    </DashboardShell>
  );
}

function PhoneSection({ mine }: { mine: MyPhone }) {
  const t = usePhonesText();
  // Changing: the number form even though a number is verified. Another number: leave a waiting code.
  const [changing, setChanging] = useState(false);
  const [otherNumber, setOtherNumber] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [lastNumber, setLastNumber] = useState('');
  const finish = () => { setChanging(false); setOtherNumber(false); };

  if (mine.pending && !otherNumber) {
    return (
      <CodeForm pending={mine.pending} onResend={lastNumber ? () => lastNumber : undefined}
        onOther={() => setOtherNumber(true)} onDone={finish} />
    );
  }
  if (!mine.verified || changing || otherNumber) {
    return (
      <>
        {!mine.verified && <p className="muted">{t('none')}</p>}
        <NumberForm initial={lastNumber} onSent={(phone) => { setLastNumber(phone); setOtherNumber(false); }}
          onCancel={mine.verified ? finish : undefined} />
      </>
    );
  }
  return (
    <div>
      <p className="muted">{t('verified')}</p>
      <p className="phone-number">{localMobile(mine.verified.phone)}</p>
      <p className="muted">{t('verifiedOn', { date: dateFormat({ day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(mine.verified.verifiedAt)) })}</p>
      <div className="phone-actions">
        <Button variant="secondary" onClick={() => setChanging(true)}>{t('change')}</Button>
        <Button variant="danger" onClick={() => setRemoving(true)}>{t('remove')}</Button>
      </div>
      <RemoveDialog open={removing} onClose={() => setRemoving(false)} />
    </div>
  );
}

function NumberForm({ initial, onSent, onCancel }: { initial: string; onSent: (phone: string) => void; onCancel?: (() => void) | undefined }) {
  const t = usePhonesText();
  const request = useRequestCode();
  const [phone, setPhone] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await request.mutateAsync(phone);
      onSent(phone);
    } catch (failure) {
      setError(reasonOf(failure));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextField id="phone-number" label={t('phone')} hint={t('phoneHint')} type="tel" inputMode="tel" autoComplete="tel-national"
        value={phone} onChange={(e) => setPhone(e.target.value)} error={error} />
      <div className="form-actions">
        <Button type="submit" busy={request.isPending}>{t('send')}</Button>
        {onCancel && <Button type="button" variant="ghost" onClick={onCancel}>{t('cancel')}</Button>}
      </div>
    </form>
  );
}

function CodeForm({ pending, onResend, onOther, onDone }: {
  pending: NonNullable<MyPhone['pending']>;
  /** The number the code went to, as typed (known when it was sent from this page). */
  onResend: (() => string) | undefined;
  onOther: () => void;
  onDone: () => void;
}) {
  const t = usePhonesText();
  const toast = useToast();
  const confirm = useConfirmCode();
  const request = useRequestCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await confirm.mutateAsync(code);
      toast.success(t('done'));
      onDone();
    } catch (failure) {
      setError(reasonOf(failure));
    }
  };
  const resend = async () => {
    setError(undefined);
    setCode('');
    try {
      await request.mutateAsync(onResend!());
    } catch (failure) {
      setError(reasonOf(failure));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p role="status">{t('sent', { phone: pending.masked })}</p>
      <div className="phone-code">
        <TextField id="phone-code" label={t('code')} hint={t('codeHint', { tries: pending.triesLeft })}
          inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6}
          value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} error={error} />
      </div>
      <div className="form-actions phone-actions">
        <Button type="submit" busy={confirm.isPending}>{t('confirm')}</Button>
        {onResend && <Button type="button" variant="secondary" busy={request.isPending} onClick={() => void resend()}>{t('resend')}</Button>}
        <Button type="button" variant="ghost" onClick={onOther}>{t('otherNumber')}</Button>
      </div>
    </form>
  );
}

function RemoveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = usePhonesText();
  const toast = useToast();
  const remove = useRemovePhone();
  const confirm = async () => {
    try {
      await remove.mutateAsync();
      toast.success(t('removed'));
      onClose();
    } catch (failure) {
      toast.error(reasonOf(failure));
    }
  };
  return (
    <Dialog open={open} title={t('removeTitle')} description={t('removeText')} onClose={onClose}>
      <div className="form-actions">
        <Button variant="danger" busy={remove.isPending} onClick={() => void confirm()}>{t('removeConfirm')}</Button>
        <Button variant="ghost" onClick={onClose}>{t('cancel')}</Button>
      </div>
    </Dialog>
  );
}
