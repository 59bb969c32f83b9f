/**
 * The tutor's money from the ledger (issue 14 item 4, spec tutor dashboard "Earnings"): pending
 * (inside the dispute window), available for payout, paid out, the platform's fee, and the
 * history of every movement with the fee of each lesson.
 */
import { useQuery } from '@tanstack/react-query';
import { CardSection } from '../../shared/ui/CardSection';
import { QueryState } from '../../shared/ui/QueryState';
import { balanceKsh, historyText, signedKsh } from './history';
import { myLedgerQuery } from './ledger-api';
import { TutorPayouts } from './Payouts';
import './ledger.css';

const day = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });

export function TutorMoney() {
  const query = useQuery(myLedgerQuery());
  return (
    // Its own block above the monthly chart's card, with the same gap as the dashboard's other cards.
    <div className="ledger-money">
      <CardSection id="tutor-money-title" title="Your money">
        <QueryState query={query} loading="Loading your balances…" error={{ title: 'Could not load your balances.', look: 'block' }}>
          {(ledger) => (
            <>
              <dl className="ledger-balances">
                <div>
                  <dt>Pending</dt>
                  <dd>{balanceKsh(ledger.pendingMinor)}</dd>
                </div>
                <div>
                  <dt>Available</dt>
                  <dd>{balanceKsh(ledger.availableMinor)}</dd>
                </div>
                {ledger.inFlightMinor !== 0 && (
                  <div>
                    <dt>Being paid out</dt>
                    <dd>{balanceKsh(ledger.inFlightMinor)}</dd>
                  </div>
                )}
                <div>
                  <dt>Paid out</dt>
                  <dd>{balanceKsh(ledger.paidOutMinor)}</dd>
                </div>
              </dl>
              <p className="muted">
                The platform keeps a {ledger.feePercent}% fee on each lesson. Your share is pending for {ledger.disputeWindowHours} hours
                after the lesson, in case the student disputes it, then becomes available for payout.
              </p>
              <TutorPayouts />
              <h3 className="ledger-history-title">History</h3>
              {ledger.history.length === 0 ? (
                <p className="muted">Nothing yet. Your share of each lesson appears here once the lesson is completed.</p>
              ) : (
                <ul role="list" className="ledger-history">
                  {ledger.history.map((line) => {
                    const text = historyText(line, ledger.disputeWindowHours);
                    return (
                      <li key={line.entryId}>
                        <div className="ledger-line-main">
                          <span className="ledger-line-title">{text.title}</span>
                          <time dateTime={line.at} className="muted">{day.format(new Date(line.at))}</time>
                          {text.detail && <span className="ledger-line-detail">{text.detail}</span>}
                        </div>
                        <span className={`num ledger-amount${text.amountMinor < 0 ? ' ledger-amount-out' : ''}`}>{signedKsh(text.amountMinor)}</span>
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
