/**
 * Open disputes on the super admin dashboard, oldest first, a page at a time: the lesson, the
 * parties, what was reported, who joined the live room when and the lesson's events; the decision
 * (full refund, partial refund in KSh, or release to the tutor) with a note both parties receive.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DISPUTE_OUTCOMES, MAX_NOTE_LENGTH, type DisputeOutcome } from '@functions/disputes/catalog';
import type { AdminDispute } from '@functions/disputes/contract';
import { reasonOf } from '../../shared/api';
import { kshMinor } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { CardSection } from '../../shared/ui/CardSection';
import { SelectField, TextAreaField, TextField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { dateFormat } from '../../shared/when';
import { useSubjectName } from '../tutors';
import { openDisputesQuery, useDecideDispute } from './disputes-api';
import { useDisputesText } from './text';
import './disputes.css';

function When({ iso }: { iso: string }) {
  useDisputesText(); // re-renders on a language switch
  return <time dateTime={iso}>{dateFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))}</time>;
}

export function OpenDisputes() {
  const t = useDisputesText();
  const query = useInfiniteQuery(openDisputesQuery());
  const disputes = useMemo(() => query.data?.pages.flatMap((page) => page.disputes) ?? [], [query.data]);
  return (
    <CardSection id="disputes-title" title={t('admin.title')}>
      <p className="muted">{t('admin.lead')}</p>
      <QueryState
        query={query}
        loading={t('admin.loading')}
        error={{ title: t('admin.loadFailed'), look: 'inline' }}
        empty={{ when: () => disputes.length === 0, show: <p className="muted">{t('admin.none')}</p> }}
      >
        {() => (
          <>
            <ul className="dispute-list" role="list">
              {disputes.map((d) => <DisputeRow key={d.bookingId} dispute={d} />)}
            </ul>
            {query.hasNextPage && (
              <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t('admin.more')}
              </Button>
            )}
          </>
        )}
      </QueryState>
    </CardSection>
  );
}

function DisputeRow({ dispute: d }: { dispute: AdminDispute }) {
  const t = useDisputesText();
  const subject = useSubjectName()(d.subject);
  const headingId = `dispute-${d.bookingId}`;
  return (
    <li className="dispute-row" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('admin.lesson', { subject, minutes: d.durationMinutes })}</h3>
      <dl className="dispute-facts">
        <div><dt>{t('admin.student')}</dt><dd>{d.student.name}</dd></div>
        <div><dt>{t('admin.tutor')}</dt><dd>{d.tutor.name}</dd></div>
        <div><dt>{t('admin.starts')}</dt><dd><When iso={d.scheduledAt} /></dd></div>
        <div><dt>{t('admin.paid')}</dt><dd>{kshMinor(d.paidMinor)}</dd></div>
        <div>
          <dt>{t('admin.reason')}</dt>
          <dd>
            {t(`reason.${d.reason}`)} · <When iso={d.reportedAt} />
            {d.details && <span className="pre-line dispute-details">{d.details}</span>}
          </dd>
        </div>
      </dl>
      {d.noShow && <p className="muted">{t('admin.noShow', { party: t(d.noShow === 'tutor' ? 'role.moderator' : 'role.attendee') })}</p>}
      <h4>{t('admin.attendance')}</h4>
      {d.attendance.length === 0 ? <p className="muted">{t('admin.nobodyJoined')}</p> : (
        <ul className="dispute-timeline">
          {d.attendance.map((a) => (
            <li key={`${a.userId}-${a.joinedAt}`}>{t('admin.attendee', { name: a.name, role: t(`role.${a.role}`) })} <When iso={a.joinedAt} /></li>
          ))}
        </ul>
      )}
      <h4>{t('admin.events')}</h4>
      <ol className="dispute-timeline">
        {d.events.map((e) => <li key={`${e.kind}-${e.at}`}>{t(`event.${e.kind}`)} <When iso={e.at} /></li>)}
      </ol>
      <DecisionForm dispute={d} />
    </li>
  );
}

function DecisionForm({ dispute }: { dispute: AdminDispute }) {
  const t = useDisputesText();
  const toast = useToast();
  const decide = useDecideDispute();
  const [outcome, setOutcome] = useState<DisputeOutcome>('partial_refund');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const id = (field: string) => `dispute-${field}-${dispute.bookingId}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amountKsh = Number(amount.replace(/,/g, ''));
    const problems = {
      ...(outcome === 'partial_refund' && !(amountKsh > 0) ? { amount: t('decide.amountRequired') } : {}),
      ...(note.trim().length < 3 ? { note: t('decide.noteRequired') } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const answer = await decide.mutateAsync({
        bookingId: dispute.bookingId,
        body: { outcome, note: note.trim(), ...(outcome === 'partial_refund' ? { amountKsh } : {}) },
      });
      toast.success(answer.message);
    } catch (failure) {
      toast.error(reasonOf(failure));
    }
  };

  return (
    <form className="dispute-decision" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField id={id('outcome')} label={t('decide.outcome')} value={outcome} onChange={(event) => setOutcome(event.target.value as DisputeOutcome)}>
        {DISPUTE_OUTCOMES.map((o) => <option key={o} value={o}>{t(`outcome.${o}`)}</option>)}
      </SelectField>
      {outcome === 'partial_refund' && (
        <TextField
          id={id('amount')}
          label={t('decide.amount')}
          hint={t('decide.amountHint', { paid: kshMinor(dispute.paidMinor) })}
          error={errors.amount}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      )}
      <TextAreaField
        id={id('note')}
        label={t('decide.note')}
        hint={t('decide.noteHint')}
        error={errors.note}
        maxLength={MAX_NOTE_LENGTH}
        rows={3}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button type="submit" busy={decide.isPending}>
        {t('decide.submit')}
      </Button>
    </form>
  );
}
