/**
 * Paying a plan's instalment in the page. The instalment payment routes are not in the route
 * table yet: until they are, the family is told the lessons are held and where to find them.
 */
import type { Plan } from '@functions/plans/contract';
import { usePlansText } from './text';

/** Whether instalments can be paid from the SPA (the payment routes exist). */
export const planPayAvailable = false;

export function PlanPayStep({ plan: _plan, number: _number = 1 }: { plan: Plan; number?: number }) {
  const t = usePlansText();
  return <p className="muted">{t('pay.later')}</p>;
}
