/**
 * On a student's dashboard: the way to Join your family, or, for a linked learner, that their
 * parent books and pays (the server refuses them those routes: households/payer.ts).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { StateCard } from '../../shared/ui/QueryState';
import { useMe } from '../auth';
import { useHouseholdsText } from './text';

export function FamilyNotice() {
  const t = useHouseholdsText();
  const { profile } = useMe();
  if (!profile || profile.role !== 'student') return null;
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
  if (profile?.parentId) {
    return (
      <DashboardShell>
        <StateCard heading="h1" title={t('join.linkedTitle')} text={t('join.linkedText')} />
      </DashboardShell>
    );
  }
  return <>{children}</>;
}
