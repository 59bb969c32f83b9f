/**
 * The tutor's report form: topics as chips (the subject's usual ones to tap, any other typed in),
 * how the learner did, homework with an optional due date, next steps and a private note the
 * family never sees. "Draft it for me" fills the form from a few words; Save draft stores the
 * working copy; Approve and send saves what is on screen first (the tutor approves what they
 * see), then approves that revision.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { PERFORMANCE_LEVELS, REPORT_LIMITS, type ReportDraft, type TutorReport } from '@functions/reports/contract';
import { ApiError, reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { FieldExtras, TextAreaField, TextField } from '../../shared/ui/fields';
import { useToast } from '../../shared/ui/toast';
import { useErrorsFollowLanguage } from '../../shared/messages/server-messages';
import { useApproveReport, useDraftReport, useSaveReport } from './reports-api';
import { reportResolver, topicSuggestions, valuesOf, type ReportBody, type ReportFormValues } from './report-form';
import { useReportsText } from './text';

interface ReportFormProps {
  bookingId: string;
  subject: string;
  report: TutorReport | null;
  canEdit: boolean;
  onReload: () => void;
}

export function ReportForm({ bookingId, subject, report, canEdit, onReload }: ReportFormProps) {
  const t = useReportsText();
  const id = useId();
  const toast = useToast();
  const save = useSaveReport(bookingId);
  const approve = useApproveReport(bookingId);
  const [stale, setStale] = useState(false);
  const [problem, setProblem] = useState<string>();
  // Which button was pressed, for its spinner (Approve and send also saves first).
  const [sending, setSending] = useState<'save' | 'approve'>();
  const {
    register, handleSubmit, setValue, setError, watch, reset, trigger,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ReportFormValues, unknown, ReportBody>({
    resolver: reportResolver,
    mode: 'onTouched',
    defaultValues: valuesOf(report?.working),
  });
  useErrorsFollowLanguage(errors, trigger);
  const topics = watch('topics');
  const setTopics = (next: string[]) => setValue('topics', next, { shouldDirty: true, shouldValidate: true });

  const send = async (body: ReportBody, andApprove: boolean) => {
    setProblem(undefined);
    setSending(andApprove ? 'approve' : 'save');
    try {
      let current = report;
      let message: string | undefined;
      // The copy on screen is stored first: an approval names a stored revision.
      if (!current || isDirty) {
        const saved = await save.mutateAsync({ revision: current?.revision ?? 0, ...body });
        current = saved.report;
        message = saved.message;
        reset(valuesOf(saved.report.working));
      }
      if (andApprove) message = (await approve.mutateAsync(current.revision)).message;
      if (message) toast.success(message);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'report_changed') {
        setStale(true);
        return;
      }
      if (error instanceof ApiError && error.fields.length > 0) {
        error.fields.forEach((field) => setError(field.path as FieldPath<ReportFormValues>, { message: field.message }));
      }
      setProblem(t('failed', { reason: reasonOf(error) }));
    } finally {
      setSending(undefined);
    }
  };

  const errorOf = (name: 'topics') => {
    const found = errors[name];
    if (!found) return undefined;
    return found.message ?? found.root?.message ?? (Array.isArray(found) ? found.find(Boolean)?.message : undefined);
  };

  return (
    <>
      {canEdit && <DraftBox bookingId={bookingId} onDraft={(draft) => {
        setValue('topics', draft.topics.slice(0, REPORT_LIMITS.topics), { shouldDirty: true });
        if (draft.performance) setValue('performance', draft.performance, { shouldDirty: true });
        if (draft.homework) setValue('homework.text', draft.homework.text, { shouldDirty: true });
        setValue('nextSteps', draft.nextSteps, { shouldDirty: true });
      }} />}
      <form
        className="card form report-form"
        noValidate
        aria-label={t('title')}
        onSubmit={(event) => void handleSubmit((body) => send(body, false))(event)}
      >
        <fieldset className="report-fieldset" disabled={!canEdit}>
          <TopicChips
            id={`${id}-topics`}
            subject={subject}
            topics={topics}
            onChange={setTopics}
            error={errorOf('topics')}
            editable={canEdit}
          />
          <fieldset className="report-choices" aria-describedby={errors.performance ? `${id}-performance-error` : undefined}>
            <legend>{t('performance')}</legend>
            {PERFORMANCE_LEVELS.map((level) => (
              <label key={level} className="report-choice">
                <input type="radio" value={level} {...register('performance')} />
                {t(`performance.${level}`)}
              </label>
            ))}
            <FieldExtras id={`${id}-performance`} error={errors.performance?.message} />
          </fieldset>
          <TextAreaField
            id={`${id}-homework`} label={t('homework')} rows={3} maxLength={REPORT_LIMITS.homeworkLength}
            error={errors.homework?.text?.message} {...register('homework.text')}
          />
          <TextField
            id={`${id}-due`} label={t('homework.due')} type="date"
            error={errors.homework?.dueDate?.message} {...register('homework.dueDate')}
          />
          <TextAreaField
            id={`${id}-next`} label={t('nextSteps')} rows={3} maxLength={REPORT_LIMITS.nextStepsLength}
            error={errors.nextSteps?.message} {...register('nextSteps')}
          />
          <TextAreaField
            id={`${id}-private`} label={t('privateNote')} hint={t('privateNote.hint')} rows={2} maxLength={REPORT_LIMITS.privateNoteLength}
            error={errors.privateNote?.message} {...register('privateNote')}
          />
        </fieldset>
        {stale && (
          <div className="alert alert-warn" role="alert">
            <p>{t('changed')}</p>
            <Button size="sm" variant="secondary" onClick={onReload}>{t('reload')}</Button>
          </div>
        )}
        {problem && <p className="alert alert-error" role="alert">{problem}</p>}
        {canEdit && (
          <div className="form-actions report-actions">
            <Button type="submit" variant="secondary" busy={sending === 'save'} disabled={isSubmitting}>
              {t('save')}
            </Button>
            <Button busy={sending === 'approve'} disabled={isSubmitting} onClick={() => void handleSubmit((body) => send(body, true))()}>
              {t('approve')}
            </Button>
          </div>
        )}
      </form>
    </>
  );
}

function TopicChips({ id, subject, topics, onChange, error, editable }: {
  id: string; subject: string; topics: string[]; onChange: (next: string[]) => void; error: string | undefined; editable: boolean;
}) {
  const t = useReportsText();
  const [typed, setTyped] = useState('');
  const full = topics.length >= REPORT_LIMITS.topics;
  const has = (topic: string) => topics.some((known) => known.toLowerCase() === topic.toLowerCase());
  const add = (topic: string) => {
    const clean = topic.replace(/\s+/g, ' ').trim().slice(0, REPORT_LIMITS.topicLength);
    if (clean && !has(clean) && !full) onChange([...topics, clean]);
  };
  const addTyped = () => {
    add(typed);
    setTyped('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the topic; it must not send the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      addTyped();
    }
  };
  const suggestions = topicSuggestions(subject).map((key) => t(key)).filter((topic) => !has(topic));
  return (
    <fieldset className="report-topics" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('topics')}</legend>
      {topics.length === 0 ? (
        <p className="muted">{t('topics.none')}</p>
      ) : (
        <ul role="list" className="topic-chips" aria-label={t('topics')}>
          {topics.map((topic) => (
            <li key={topic} className="topic-chip">
              <span>{topic}</span>
              {editable && (
                <button type="button" className="topic-chip-remove" aria-label={t('topics.remove', { topic })} onClick={() => onChange(topics.filter((x) => x !== topic))}>
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && suggestions.length > 0 && !full && (
        <div className="topic-suggestions" role="group" aria-label={t('topics.suggested')}>
          {suggestions.map((topic) => (
            <button key={topic} type="button" className="topic-suggestion" onClick={() => add(topic)}>
              + {topic}
            </button>
          ))}
        </div>
      )}
      {editable && (
        <div className="topic-new">
          <TextField
            id={`${id}-new`} label={t('topics.new')} value={typed} maxLength={REPORT_LIMITS.topicLength}
            disabled={full} hint={full ? t('topics.full', { count: REPORT_LIMITS.topics }) : undefined}
            onChange={(event) => setTyped(event.target.value)} onKeyDown={onKey} autoComplete="off"
          />
          <Button size="sm" variant="secondary" disabled={full || !typed.trim()} onClick={addTyped}>
            {t('topics.add')}
          </Button>
        </div>
      )}
      <FieldExtras id={id} error={error} />
    </fieldset>
  );
}

/** "Draft it for me": a few words in, the form filled in (nothing is stored until the tutor saves). */
function DraftBox({ bookingId, onDraft }: { bookingId: string; onDraft: (draft: ReportDraft) => void }) {
  const t = useReportsText();
  const id = useId();
  const draft = useDraftReport(bookingId);
  const [words, setWords] = useState('');
  const [note, setNote] = useState<{ kind: 'done' | 'error'; text: string }>();
  const run = async () => {
    if (!words.trim()) {
      setNote({ kind: 'error', text: t('draft.empty') });
      return;
    }
    setNote(undefined);
    try {
      const answer = await draft.mutateAsync(words.trim());
      onDraft(answer.draft);
      setNote({ kind: 'done', text: t('draft.done') });
    } catch (error) {
      setNote({ kind: 'error', text: t('draft.failed', { reason: reasonOf(error) }) });
    }
  };
  return (
    <section className="card report-draft" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('draft.title')}</h2>
      <TextAreaField
        id={`${id}-words`} label={t('draft.label')} hint={t('draft.hint')} rows={2}
        maxLength={REPORT_LIMITS.draftWordsLength} value={words} onChange={(event) => setWords(event.target.value)}
      />
      <Button size="sm" busy={draft.isPending} onClick={() => void run()}>
        {t('draft.button')}
      </Button>
      <p role="status" className={note?.kind === 'error' ? 'field-error' : 'report-draft-done'}>
        {note?.text}
      </p>
    </section>
  );
}
