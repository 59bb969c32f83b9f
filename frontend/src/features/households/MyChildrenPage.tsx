/**
 * My children (/my-children): a parent's learners, with Add, Edit and Remove (after a
 * confirmation). The form is a dialog of its own so the list stays where it was.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Consent, Learner } from '@functions/households/contract';
import { CURRICULUM_LABELS, gradeName } from '@functions/households/grades-catalog';
import { reasonOf } from '../../shared/api';
import { useActiveLanguage } from '../../shared/i18n/text';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { Dialog } from '../../shared/ui/Dialog';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSubjectName } from '../tutors';
import { consentsQuery, learnersQuery, useRemoveLearner } from './households-api';
import { dateFormat } from '../../shared/when';
import { LearnerForm } from './LearnerForm';
import { LearnerLogin } from './LearnerLogin';
import { useHouseholdsText } from './text';
import './households.css';

type Editing = { kind: 'add' } | { kind: 'edit'; learner: Learner } | null;

export function MyChildrenPage() {
  const t = useHouseholdsText();
  useDocumentTitle(t('title'));
  const query = useQuery(learnersQuery());
  const consents = useQuery(consentsQuery()).data?.consents ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Learner | null>(null);
  const full = query.data ? query.data.learners.length >= query.data.limit : false;
  const addButton = <Button onClick={() => setEditing({ kind: 'add' })}>{t('add')}</Button>;

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('title')}</h1>
      </div>
      <p className="muted">{t('intro')}</p>
      <QueryState
        query={query}
        loading={t('loading')}
        error={{ title: t('loadError') }}
        empty={{
          when: (data) => data.learners.length === 0,
          show: <StateCard title={t('empty.title')} text={t('empty.text')}>{addButton}</StateCard>,
        }}
      >
        {({ learners, limit }) => (
          <>
            <div className="learners-toolbar">
              <p className="muted num">{t('count', { count: learners.length, limit })}</p>
              {full ? <p className="muted">{t('full', { limit })}</p> : addButton}
            </div>
            <ul className="learner-list">
              {learners.map((learner) => (
                <LearnerCard key={learner.id} learner={learner} consent={consents.find((c) => c.learnerId === learner.id)} onEdit={() => setEditing({ kind: 'edit', learner })} onRemove={() => setRemoving(learner)} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
      <Dialog
        open={editing !== null}
        title={editing?.kind === 'edit' ? t('form.editTitle', { name: editing.learner.firstName }) : t('form.addTitle')}
        onClose={() => setEditing(null)}
      >
        {editing && <LearnerForm key={editing.kind === 'edit' ? editing.learner.id : 'new'} learner={editing.kind === 'edit' ? editing.learner : undefined} onDone={() => setEditing(null)} />}
      </Dialog>
      <RemoveDialog learner={removing} onClose={() => setRemoving(null)} />
    </DashboardShell>
  );
}

function LearnerCard({ learner, consent, onEdit, onRemove }: { learner: Learner; consent?: Consent; onEdit: () => void; onRemove: () => void }) {
  const t = useHouseholdsText();
  const language = useActiveLanguage();
  const subjectName = useSubjectName();
  const name = `${learner.firstName} ${learner.lastName}`;
  return (
    <li className="card learner-card" aria-label={name}>
      <h2 className="learner-name">{name}</h2>
      <p>{gradeName(learner.grade, language)}</p>
      <p className="muted">{CURRICULUM_LABELS[learner.curriculum][language]}</p>
      {learner.school && <p className="muted">{t('school', { school: learner.school })}</p>}
      {learner.subjects.length > 0 && <p className="muted">{t('subjects', { subjects: learner.subjects.map(subjectName).join(', ') })}</p>}
      {consent && (
        <p className="muted learner-consent">
          {t('consent', { date: dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(consent.consentedAt)), version: consent.policyVersion })}
        </p>
      )}
      <LearnerLogin learner={learner} />
      <div className="learner-actions">
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`${t('edit')}: ${name}`}>{t('edit')}</Button>
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`${t('remove')}: ${name}`}>{t('remove')}</Button>
      </div>
    </li>
  );
}

function RemoveDialog({ learner, onClose }: { learner: Learner | null; onClose: () => void }) {
  const t = useHouseholdsText();
  const toast = useToast();
  const remove = useRemoveLearner();
  const name = learner?.firstName ?? '';
  const confirm = async () => {
    if (!learner) return;
    try {
      await remove.mutateAsync(learner.id);
      toast.success(t('removed', { name }));
      onClose();
    } catch (error) {
      toast.error(t('removeFailed', { reason: reasonOf(error) }));
    }
  };
  return (
    <Dialog open={learner !== null} title={t('removeDialog.title', { name })} description={learner?.hasLogin ? `${t('removeDialog.text', { name })} ${t('removeDialog.login', { name })}` : t('removeDialog.text', { name })} onClose={onClose}>
      <div className="form-actions">
        <Button variant="danger" busy={remove.isPending} onClick={() => void confirm()}>{t('removeDialog.confirm')}</Button>
        <Button variant="ghost" onClick={onClose}>{t('removeDialog.cancel')}</Button>
      </div>
    </Dialog>
  );
}
