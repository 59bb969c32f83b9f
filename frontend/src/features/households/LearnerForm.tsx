/**
 * Adding or changing a child: the shared contract (LearnerDetails) validates as the API does, so
 * a message here is the one the server would send (translated by the field itself).
 */
import { useState } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TUTOR_SUBJECTS } from '@functions/tutors/catalog';
import { LearnerDetails, type Learner } from '@functions/households/contract';
import { CURRICULA, CURRICULUM_LABELS, gradesOf, isCurriculum } from '@functions/households/grades-catalog';
import { ApiError, reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { FieldExtras, SelectField, TextField } from '../../shared/ui/fields';
import { useToast } from '../../shared/ui/toast';
import { useActiveLanguage } from '../../shared/i18n/text';
import { useErrorsFollowLanguage } from '../../shared/messages/server-messages';
import { useSubjectName } from '../tutors';
import { useAddLearner, useUpdateLearner } from './households-api';
import { useHouseholdsText } from './text';

/** The form's fields as typed (a select starts empty); the contract's output is what is sent. */
interface FormValues {
  firstName: string;
  lastName: string;
  curriculum: string;
  grade: string;
  school: string;
  subjects: string[];
}

const learnerResolver = zodResolver(LearnerDetails) as unknown as Resolver<FormValues, unknown, LearnerDetails>;

const EMPTY: FormValues = { firstName: '', lastName: '', curriculum: '', grade: '', school: '', subjects: [] };

const valuesOf = (learner: Learner | undefined): FormValues =>
  learner
    ? { firstName: learner.firstName, lastName: learner.lastName, curriculum: learner.curriculum, grade: learner.grade, school: learner.school ?? '', subjects: learner.subjects }
    : EMPTY;

export function LearnerForm({ learner, onDone }: { learner?: Learner; onDone: () => void }) {
  const t = useHouseholdsText();
  const language = useActiveLanguage();
  const subjectName = useSubjectName();
  const toast = useToast();
  const add = useAddLearner();
  const update = useUpdateLearner();
  const {
    register, handleSubmit, setError, setFocus, watch, trigger, setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, LearnerDetails>({
    resolver: learnerResolver,
    mode: 'onTouched',
    defaultValues: valuesOf(learner),
  });
  useErrorsFollowLanguage(errors, trigger);
  const curriculum = watch('curriculum');
  const grades = isCurriculum(curriculum) ? gradesOf(curriculum) : [];
  const idPrefix = learner ? `learner-${learner.id}` : 'learner-new';
  // One id for this form's add, kept across its retries: the server adds the child once however often it is sent.
  const [requestId] = useState(() => crypto.randomUUID());

  const onSubmit = async (body: LearnerDetails) => {
    try {
      const answer = learner ? await update.mutateAsync({ learnerId: learner.id, body }) : await add.mutateAsync({ ...body, requestId });
      if (answer.message) toast.success(answer.message);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        const fields = error.fields.filter((field) => field.path in EMPTY);
        fields.forEach((field) => setError(field.path as FieldPath<FormValues>, { message: field.message }));
        if (fields[0]) {
          setFocus(fields[0].path as FieldPath<FormValues>);
          return;
        }
      }
      toast.error(t('form.failed', { reason: reasonOf(error) }));
    }
  };

  return (
    <form className="form learner-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField id={`${idPrefix}-first`} label={t('form.firstName')} autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
      <TextField id={`${idPrefix}-last`} label={t('form.lastName')} autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
      <SelectField
        id={`${idPrefix}-curriculum`} label={t('form.curriculum')} error={errors.curriculum?.message}
        {...register('curriculum', { onChange: () => setValue('grade', '') })}
      >
        <option value="">{t('form.chooseCurriculum')}</option>
        {CURRICULA.map((c) => <option key={c} value={c}>{CURRICULUM_LABELS[c][language]}</option>)}
      </SelectField>
      <SelectField id={`${idPrefix}-grade`} label={t('form.grade')} error={errors.grade?.message} disabled={grades.length === 0} {...register('grade')}>
        <option value="">{grades.length === 0 ? t('form.chooseCurriculumFirst') : t('form.chooseGrade')}</option>
        {grades.map((g) => <option key={g.id} value={g.id}>{g.label[language]}</option>)}
      </SelectField>
      <TextField id={`${idPrefix}-school`} label={t('form.school')} autoComplete="off" error={errors.school?.message} {...register('school')} />
      <fieldset className="learner-subjects" aria-describedby={errors.subjects ? `${idPrefix}-subjects-error` : undefined}>
        <legend>{t('form.subjects')}</legend>
        <div className="learner-subject-grid">
          {TUTOR_SUBJECTS.map((subject) => (
            <label key={subject} className="learner-subject">
              <input type="checkbox" value={subject} {...register('subjects')} />
              {subjectName(subject)}
            </label>
          ))}
        </div>
        <FieldExtras id={`${idPrefix}-subjects`} error={errors.subjects?.message ?? errors.subjects?.root?.message} />
      </fieldset>
      <div className="form-actions">
        <Button type="submit" busy={isSubmitting}>{learner ? t('form.save') : t('form.add')}</Button>
        <Button variant="ghost" onClick={onDone}>{t('form.cancel')}</Button>
      </div>
    </form>
  );
}
