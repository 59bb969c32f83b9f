/**
 * Notifications (/account/notifications), for every signed-in user: the channel each kind of
 * message goes by (WhatsApp, SMS, e-mail), with what SMS and WhatsApp need (a verified number)
 * and which channels a STOP reply stopped. The server keeps the defaults and the fallback order.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { NotificationPreferencesResponse } from '@functions/messaging/contract';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { SelectField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { preferencesQuery, useSavePreferences } from './messaging-api';
import { useMessagingText } from './text';
import './messaging.css';

type Preferences = NotificationPreferencesResponse['preferences'];
const KINDS = ['bookingConfirmation', 'lessonReminder', 'lessonChange', 'paymentReceipt', 'payoutPaid', 'payoutFailed', 'conversationUnread', 'weeklyReport'] as const satisfies ReadonlyArray<keyof Preferences>;
const CHANNELS = ['whatsapp', 'sms', 'email'] as const;

export function NotificationSettingsPage() {
  const t = useMessagingText();
  useDocumentTitle(t('title'));
  const query = useQuery(preferencesQuery());
  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('title')}</h1>
      </div>
      <p className="muted">{t('intro')}</p>
      <QueryState query={query} loading={t('loading')} error={{ title: t('loadError') }}>
        {(answer) => <PreferencesForm answer={answer} />}
      </QueryState>
    </DashboardShell>
  );
}

function PreferencesForm({ answer }: { answer: NotificationPreferencesResponse }) {
  const t = useMessagingText();
  const toast = useToast();
  const save = useSavePreferences();
  const [choice, setChoice] = useState<Preferences>(answer.preferences);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync(choice);
      toast.success(t('saved'));
    } catch (error) {
      toast.error(t('failed', { reason: reasonOf(error) }));
    }
  };
  return (
    <section className="card" aria-labelledby="notifications-channels">
      <p id="notifications-channels">{answer.hasVerifiedPhone ? t('hasPhone') : t('needsPhone')}</p>
      {answer.optedOut.length > 0 && (
        <p role="status">{t('stopped', { channels: answer.optedOut.map((c) => t(`channel.${c}`)).join(', ') })}</p>
      )}
      <form className="notification-form" onSubmit={(event) => void submit(event)}>
        {KINDS.map((kind) => (
          <SelectField key={kind} id={`notify-${kind}`} label={t(`kind.${kind}`)} value={choice[kind]}
            onChange={(event) => setChoice({ ...choice, [kind]: event.target.value as Preferences[typeof kind] })}>
            {CHANNELS.map((channel) => <option key={channel} value={channel}>{t(`channel.${channel}`)}</option>)}
          </SelectField>
        ))}
        <div>
          <Button type="submit" busy={save.isPending}>{t('save')}</Button>
        </div>
      </form>
    </section>
  );
}
