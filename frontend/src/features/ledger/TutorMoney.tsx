/**
 * The tutor's money from the ledger (the tutor dashboard's "Earnings" tab): pending
 * (inside the dispute window), available for payout, paid out, the platform's fee, and the
 * history of every movement with the fee of each lesson.
 */
import { useQuery } from '@tanstack/react-query';
import { CardSection } from '../../shared/ui/CardSection';
import { QueryState } from '../../shared/ui/QueryState';
import { dateFormat } from '../../shared/when';
import { kshMinor } from '../../shared/format';
import { balanceKsh, historyFor, historyText, signedKsh } from './history';
import { myLedgerQuery } from './ledger-api';
import { TutorPayouts } from './Payouts';
import { useLedgerText } from './text';
import './ledger.css';

export function TutorMoney() {
  const t = useLedgerText();
  const query = useQuery(myLedgerQuery());
  const day = dateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  return (
    // Its own block above the monthly chart's card, with the same gap as the dashboard's other cards.
    <div className="ledger-money">
      <CardSection id="tutor-money-title" title={t('money.title')}>
        <QueryState query={query} loading={t('money.loading')} error={{ title: t('money.error'), look: 'block' }}>
          {(ledger) => (
            <>
              <dl className="ledger-balances">
                <div>
                  <dt>{t('money.pending')}</dt>
                  <dd>{balanceKsh(ledger.pendingMinor)}</dd>
                </div>
                <div>
                  <dt>{t('money.available')}</dt>
                  <dd>{balanceKsh(ledger.availableMinor)}</dd>
                </div>
                {ledger.inFlightMinor !== 0 && (
                  <div>
                    <dt>{t('money.inFlight')}</dt>
                    <dd>{balanceKsh(ledger.inFlightMinor)}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('money.paidOut')}</dt>
                  <dd>{balanceKsh(ledger.paidOutMinor)}</dd>
                </div>
              </dl>
              <p className="muted">
                {t('money.explain', { fee: ledger.feePercent, hours: ledger.disputeWindowHours })}
              </p>
              <TutorPayouts />
              <h3 className="ledger-history-title">{t('money.historyTitle')}</h3>
              {ledger.history.length === 0 ? (
                <p className="muted">{t('money.historyEmpty')}</p>
              ) : (
                <ul role="list" className="ledger-history">
                  {ledger.history.map((line) => {
                    const dayOf = (iso: string) => day.format(new Date(iso));
                    const text = historyText(line, ledger.disputeWindowHours, t, dayOf);
                    const purpose = historyFor(line, t, dayOf);
                    return (
                      <li key={line.entryId}>
                        <div className="ledger-line-main">
                          <span className="ledger-line-title">{text.title}</span>
                          <time dateTime={line.at} className="muted">{day.format(new Date(line.at))}</time>
                          {purpose && <span className="ledger-line-for">{purpose}</span>}
                          {text.detail && <span className="ledger-line-detail">{text.detail}</span>}
                          {text.status && <span className={`ledger-line-status${line.availableSince ? ' ledger-line-status-available' : ''}`}>{text.status}</span>}
                        </div>
                        {text.moved ? (
                          <span className="num ledger-amount ledger-amount-moved">{kshMinor(Math.abs(text.amountMinor))}</span>
                        ) : (
                          <span className={`num ledger-amount${text.amountMinor < 0 ? ' ledger-amount-out' : ''}`}>{signedKsh(text.amountMinor)}</span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </>
          )}
        </QueryState>
      </CardSection>
    </div>
  );
}
