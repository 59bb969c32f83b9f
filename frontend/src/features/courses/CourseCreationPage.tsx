/**
 * /app/course-creation, tutors only: the Create New Course form; then,
 * on the same page (?course={id}), the course's details, its lessons (add, reorder, edit, delete) and
 * publishing. Files go to storage through presigned uploads and are checked again by the server.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SUBJECTS, courseMessages, MAX_TITLE } from '@functions/courses/catalog';
import type { OwnCourse } from '@functions/courses/contract';
import { reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { SelectField, TextAreaField, TextField } from '../../shared/ui/fields';
import { FileField } from '../../shared/ui/FileField';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useMe } from '../auth';
import { myCourseQuery, useCreateCourse, usePublishCourse, useUpdateCourse } from './api';
import {
  checkCourseForm, EMPTY_COURSE_FORM, formFromCourse, THUMBNAIL_ACCEPT, thumbnailProblem,
  type CourseFormErrors, type CourseFormValues,
} from './course-form';
import { CourseThumbnail } from './CourseCard';
import { uploadCourseFile } from './course-upload';
import { useEditorText } from './editor-text';
import { LessonsEditor } from './LessonEditor';
import { useCoursesText } from './text';
import './courses.css';

export function CourseCreationPage() {
  const [params] = useSearchParams();
  const courseId = params.get('course');
  const t = useEditorText();
  useDocumentTitle(t(courseId ? 'title.edit' : 'title.create'));
  return (
    <DashboardShell>
      {courseId ? <EditCourse courseId={courseId} /> : <CreateCourse />}
    </DashboardShell>
  );
}

function CreateCourse() {
  const create = useCreateCourse();
  const toast = useToast();
  const navigate = useNavigate();
  const t = useEditorText();
  const [busy, setBusy] = useState(false);
  const submit = async (values: CourseFormValues, thumbnail: File | null) => {
    const checked = checkCourseForm(values);
    if (!checked.ok) return checked.errors;
    setBusy(true);
    try {
      const thumbnailKey = thumbnail ? await uploadCourseFile(thumbnail) : undefined;
      const { course } = await create.mutateAsync({ ...checked.body, ...(thumbnailKey ? { thumbnailKey } : {}) });
      toast.success(t('created'));
      void navigate(paths.editCourse(course.id), { replace: true });
    } catch (error) {
      toast.error(t('createFailed'));
      return { form: reasonOf(error) };
    } finally {
      setBusy(false);
    }
    return {};
  };
  return (
    <>
      <div className="dashboard-title"><h1>{t('title.create')}</h1></div>
      <p className="muted">{t('create.intro')}</p>
      <CourseForm initial={EMPTY_COURSE_FORM} submitLabel={t('create.submit')} busy={busy} onSubmit={submit} />
    </>
  );
}

function EditCourse({ courseId }: { courseId: string }) {
  const query = useQuery(myCourseQuery(courseId));
  const t = useEditorText();
  return (
    <QueryState query={query} loading={t('loading')} error={{ title: t('error'), heading: 'h1' }}>
      {({ course }) => <CourseEditor key={course.id} course={course} />}
    </QueryState>
  );
}

function CourseEditor({ course }: { course: OwnCourse }) {
  const update = useUpdateCourse();
  const toast = useToast();
  const t = useEditorText();
  const labels = useCoursesText();
  const [busy, setBusy] = useState(false);
  const submit = async (values: CourseFormValues, thumbnail: File | null) => {
    const checked = checkCourseForm(values);
    if (!checked.ok) return checked.errors;
    setBusy(true);
    try {
      const thumbnailKey = thumbnail ? await uploadCourseFile(thumbnail) : undefined;
      await update.mutateAsync({ courseId: course.id, body: { ...checked.body, ...(thumbnailKey ? { thumbnailKey } : {}) } });
      toast.success(t('saved'));
    } catch (error) {
      toast.error(reasonOf(error));
      return { form: reasonOf(error) };
    } finally {
      setBusy(false);
    }
    return {};
  };
  return (
    <div className="course-page">
      <div className="dashboard-title">
        <h1>{course.title}</h1>
        <span className="badge">{labels(course.isPublished ? 'status.published' : 'status.draft')}</span>
      </div>
      <PublishPanel course={course} />
      <LessonsEditor course={course} />
      <section className="card" aria-labelledby="course-details-title">
        <h2 id="course-details-title">{t('details')}</h2>
        <div className="course-editor-thumb"><CourseThumbnail course={course} /></div>
        <CourseForm initial={formFromCourse(course)} submitLabel={t('save')} busy={busy} onSubmit={submit} />
      </section>
    </div>
  );
}

type FormProblems = CourseFormErrors & { form?: string };

function CourseForm({ initial, submitLabel, busy, onSubmit }: {
  initial: CourseFormValues; submitLabel: string; busy: boolean;
  onSubmit: (values: CourseFormValues, thumbnail: File | null) => Promise<FormProblems>;
}) {
  const [values, setValues] = useState(initial);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [errors, setErrors] = useState<FormProblems>({});
  const t = useEditorText();
  const labels = useCoursesText();
  const titleLength = values.title.trim().length;
  const set = (field: keyof CourseFormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(await onSubmit(values, thumbnail));
  };
  return (
    <form className="form course-form" onSubmit={(e) => void submit(e)} noValidate>
      {errors.form && <p className="alert alert-error" role="alert">{errors.form}</p>}
      {/* No maxLength: a browser would cut a pasted title silently; the count and the check say it instead. */}
      <TextField id="course-title" label={t('field.title')} required value={values.title} onChange={set('title')}
        hint={<span className={titleLength > MAX_TITLE ? 'field-over' : undefined}>{t('field.titleCount', { count: titleLength, max: MAX_TITLE })}</span>}
        error={titleLength > MAX_TITLE ? courseMessages.titleTooLong : errors.title} />
      <TextAreaField id="course-description" label={t('field.description')} rows={4} maxLength={4000} value={values.description} onChange={set('description')} error={errors.description} />
      <div className="form-row">
        <SelectField id="course-subject-field" label={t('field.subject')} value={values.subject} onChange={set('subject')} error={errors.subject}>
          <option value="">{t('field.chooseSubject')}</option>
          {COURSE_SUBJECTS.map((s) => <option key={s} value={s}>{labels(`subject.${s}`)}</option>)}
        </SelectField>
        <SelectField id="course-level-field" label={t('field.level')} value={values.level} onChange={set('level')} error={errors.level}>
          <option value="">{t('field.chooseLevel')}</option>
          {COURSE_LEVELS.map((l) => <option key={l} value={l}>{labels(`level.${l}`)}</option>)}
        </SelectField>
        <SelectField id="course-category-field" label={t('field.category')} value={values.category} onChange={set('category')} error={errors.category}>
          <option value="">{t('field.chooseCategory')}</option>
          {COURSE_CATEGORIES.map((c) => <option key={c} value={c}>{labels(`category.${c}`)}</option>)}
        </SelectField>
      </div>
      <div className="form-row">
        <TextField id="course-price" label={t('field.price')} type="number" min={0} step={0.01} inputMode="decimal" placeholder={t('field.pricePlaceholder')}
          hint={t('field.priceHint')} value={values.price} onChange={set('price')} error={errors.price} />
        <TextField id="course-weeks" label={t('field.weeks')} type="number" min={1} step={1} inputMode="numeric"
          value={values.durationWeeks} onChange={set('durationWeeks')} error={errors.durationWeeks} />
      </div>
      <label className="check">
        <input type="checkbox" checked={values.certificationProgram}
          onChange={(event) => setValues((v) => ({ ...v, certificationProgram: event.target.checked }))} />
        {t('field.certification')}
      </label>
      <FileField id="course-thumbnail" label={t('field.thumbnail')} accept={THUMBNAIL_ACCEPT} fileName={thumbnail?.name} error={errors.thumbnail}
        hint={t('field.thumbnailHint')}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          const problem = file ? thumbnailProblem(file) : null;
          setErrors((e) => ({ ...e, thumbnail: problem ?? undefined }));
          setThumbnail(problem ? null : file);
          if (problem) event.target.value = '';
        }} />
      <div className="actions">
        <Button type="submit" busy={busy}>{submitLabel}</Button>
      </div>
    </form>
  );
}

function PublishPanel({ course }: { course: OwnCourse }) {
  const publish = usePublishCourse();
  const toast = useToast();
  const { profile } = useMe();
  const t = useEditorText();
  const verified = profile?.kycStatus === 'approved';
  const toggle = () => publish.mutate({ courseId: course.id, publish: !course.isPublished }, {
    onSuccess: ({ course: c }) => toast.success(t(c.isPublished ? 'publish.done' : 'publish.undone')),
    onError: (error) => toast.error(reasonOf(error)),
  });
  return (
    <section className="card course-publish" aria-labelledby="course-publish-title">
      <h2 id="course-publish-title">{t(course.isPublished ? 'publish.published' : 'publish.draft')}</h2>
      {!course.isPublished && profile && !verified && <p className="alert alert-warn">{t('publish.kycRequired')}</p>}
      <div className="actions">
        <Button variant={course.isPublished ? 'secondary' : 'primary'} busy={publish.isPending} onClick={toggle}>
          {t(course.isPublished ? 'publish.unpublish' : 'publish.publish')}
        </Button>
        {course.isPublished && <Link className={buttonClass('ghost')} to={paths.course(course.id)}>{t('publish.view')}</Link>}
      </div>
    </section>
  );
}
