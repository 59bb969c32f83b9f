/**
 * The lessons of a tutor's own course on /app/course-creation?course={id}: the ordered list
 * (move up and down, edit, delete) and the form that adds the next one. Editing can replace or
 * remove the file; deleting asks first, since it also deletes the file.
 */
import { useState, type FormEvent } from 'react';
import type { OwnCourse } from '@functions/courses/contract';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { TextAreaField, TextField } from '../../shared/ui/fields';
import { FileField } from '../../shared/ui/FileField';
import { useToast } from '../../shared/ui/toast';
import { useAddLesson, useDeleteLesson, useReorderLessons, useUpdateLesson } from './api';
import { LESSON_FILE_ACCEPT, lessonFileProblem } from './course-form';
import { uploadCourseFile } from './course-upload';
import { useEditorText } from './editor-text';

type OwnLesson = OwnCourse['lessons'][number];

interface LessonDraft { title: string; text: string; file: File | null; removeFile: boolean }
interface LessonErrors { title?: string | undefined; file?: string | undefined }

/** Title, text and file of a lesson (new or edited); `current` is the edited lesson's file. */
function LessonFields({ idPrefix, draft, errors, onChange, onErrors, current }: {
  idPrefix: string; draft: LessonDraft; errors: LessonErrors; current?: string | undefined;
  onChange: (change: Partial<LessonDraft>) => void; onErrors: (change: LessonErrors) => void;
}) {
  const t = useEditorText();
  return (
    <>
      <TextField id={`${idPrefix}-title`} label={t('lesson.title')} maxLength={120} value={draft.title}
        onChange={(e) => onChange({ title: e.target.value })} error={errors.title} />
      <TextAreaField id={`${idPrefix}-text`} label={t('lesson.text')} hint={t('lesson.textHint')} rows={5} value={draft.text} onChange={(e) => onChange({ text: e.target.value })} />
      <FileField id={`${idPrefix}-file`} label={t(current ? 'lesson.replaceFile' : 'lesson.file')} accept={LESSON_FILE_ACCEPT} fileName={draft.file?.name}
        error={errors.file} hint={current ? t('lesson.currentFileHint', { fileName: current }) : t('lesson.fileHint')}
        disabled={draft.removeFile}
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          const problem = picked ? lessonFileProblem(picked) : null;
          onErrors({ file: problem ?? undefined });
          onChange({ file: problem ? null : picked });
          if (problem) event.target.value = '';
        }} />
      {current && (
        <label className="check">
          <input type="checkbox" checked={draft.removeFile} onChange={(e) => onChange({ removeFile: e.target.checked, file: null })} />
          {t('lesson.removeFile')}
        </label>
      )}
    </>
  );
}

const EMPTY_DRAFT: LessonDraft = { title: '', text: '', file: null, removeFile: false };

/** Draft state and saving of a lesson form: checks the title, uploads the file, then `save`. */
function useLessonForm(initial: LessonDraft, save: (draft: LessonDraft, fileKey: string | undefined) => Promise<unknown>) {
  const toast = useToast();
  const t = useEditorText();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<LessonErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent): Promise<boolean> => {
    event.preventDefault();
    if (!draft.title.trim()) {
      setErrors({ title: t('lesson.titleRequired') });
      return false;
    }
    setBusy(true);
    try {
      await save(draft, draft.file ? await uploadCourseFile(draft.file) : undefined);
      setErrors({});
      return true;
    } catch (e) {
      toast.error(reasonOf(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const fields = {
    draft, errors,
    onChange: (change: Partial<LessonDraft>) => setDraft((d) => ({ ...d, ...change })),
    onErrors: (change: LessonErrors) => setErrors((e) => ({ ...e, ...change })),
  };
  return { fields, busy, submit, reset: () => setDraft(initial) };
}

export function LessonsEditor({ course }: { course: OwnCourse }) {
  const reorder = useReorderLessons();
  const toast = useToast();
  const [editing, setEditing] = useState<OwnLesson | null>(null);
  const [deleting, setDeleting] = useState<OwnLesson | null>(null);
  const t = useEditorText();
  const move = (index: number, by: -1 | 1) => {
    const ids = course.lessons.map((l) => l.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate({ courseId: course.id, lessonIds: ids }, { onError: (error) => toast.error(reasonOf(error)) });
  };
  return (
    <section className="card" aria-labelledby="course-lessons-title">
      <h2 id="course-lessons-title">{t('lessons.title')}</h2>
      {course.lessons.length === 0 ? <p className="muted">{t('lessons.empty')}</p> : (
        <ol className="course-lesson-editor">
          {course.lessons.map((lesson, i) => (
            <li key={lesson.id}>
              <span className="course-lesson-editor-title">{i + 1}. {lesson.title}{lesson.fileName && <span className="muted"> · {lesson.fileName}</span>}</span>
              <span className="course-lesson-editor-moves">
                <Button variant="ghost" size="sm" disabled={i === 0 || reorder.isPending} aria-label={t('lessons.up', { title: lesson.title })} onClick={() => move(i, -1)}>↑</Button>
                <Button variant="ghost" size="sm" disabled={i === course.lessons.length - 1 || reorder.isPending} aria-label={t('lessons.down', { title: lesson.title })} onClick={() => move(i, 1)}>↓</Button>
                <Button variant="ghost" size="sm" aria-label={t('lessons.editLabel', { title: lesson.title })} onClick={() => setEditing(lesson)}>{t('lessons.edit')}</Button>
                <Button variant="ghost" size="sm" aria-label={t('lessons.deleteLabel', { title: lesson.title })} onClick={() => setDeleting(lesson)}>{t('lessons.delete')}</Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <AddLessonForm courseId={course.id} nth={course.lessons.length + 1} />
      <Dialog open={editing !== null} title={t('edit.title')} onClose={() => setEditing(null)}>
        {editing && <EditLessonForm courseId={course.id} lesson={editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <DeleteLessonDialog course={course} lesson={deleting} onDone={() => setDeleting(null)} />
    </section>
  );
}

function AddLessonForm({ courseId, nth }: { courseId: string; nth: number }) {
  const add = useAddLesson();
  const toast = useToast();
  const t = useEditorText();
  const [formKey, setFormKey] = useState(0);
  const form = useLessonForm(EMPTY_DRAFT, async ({ title, text }, fileKey) => {
    await add.mutateAsync({ courseId, body: { title, text, ...(fileKey ? { fileKey } : {}) } });
    toast.success(t('add.done'));
  });
  const submit = async (event: FormEvent) => {
    if (!(await form.submit(event))) return;
    form.reset();
    // A new key clears the file input, which React does not control.
    setFormKey((k) => k + 1);
  };
  return (
    <form key={formKey} className="form course-add-lesson" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="add-lesson-title">
      <h3 id="add-lesson-title">{t('add.title', { number: nth })}</h3>
      <LessonFields idPrefix="lesson" {...form.fields} />
      <div className="actions"><Button type="submit" busy={form.busy}>{t('add.submit')}</Button></div>
    </form>
  );
}

/** Mounted only while its dialog is open, so each edit starts from the lesson as stored. */
function EditLessonForm({ courseId, lesson, onDone }: { courseId: string; lesson: OwnLesson; onDone: () => void }) {
  const update = useUpdateLesson();
  const toast = useToast();
  const t = useEditorText();
  const form = useLessonForm({ title: lesson.title, text: lesson.text, file: null, removeFile: false }, async (draft, fileKey) => {
    await update.mutateAsync({
      courseId, lessonId: lesson.id,
      body: { title: draft.title, text: draft.text, ...(fileKey ? { fileKey } : {}), ...(draft.removeFile ? { removeFile: true } : {}) },
    });
    toast.success(t('edit.saved'));
  });
  const submit = async (event: FormEvent) => {
    if (await form.submit(event)) onDone();
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <LessonFields idPrefix="edit-lesson" current={lesson.fileName} {...form.fields} />
      <div className="actions">
        <Button type="submit" busy={form.busy}>{t('edit.save')}</Button>
        <Button variant="ghost" onClick={onDone}>{t('edit.cancel')}</Button>
      </div>
    </form>
  );
}

function DeleteLessonDialog({ course, lesson, onDone }: { course: OwnCourse; lesson: OwnLesson | null; onDone: () => void }) {
  const remove = useDeleteLesson();
  const toast = useToast();
  const t = useEditorText();
  const lastOfPublished = course.isPublished && course.lessons.length <= 1;
  const confirm = () => lesson && remove.mutate({ courseId: course.id, lessonId: lesson.id }, {
    onSuccess: () => {
      toast.success(t('delete.done'));
      onDone();
    },
    onError: (error) => toast.error(reasonOf(error)),
  });
  return (
    <Dialog
      open={lesson !== null}
      title={t('delete.title')}
      description={lesson ? (lesson.fileName
        ? t('delete.withFile', { title: lesson.title, fileName: lesson.fileName })
        : t('delete.withoutFile', { title: lesson.title })) : undefined}
      onClose={onDone}
    >
      {lastOfPublished && <p className="alert alert-warn">{t('delete.lastLesson')}</p>}
      <div className="actions">
        <Button variant="danger" busy={remove.isPending} disabled={lastOfPublished} onClick={confirm}>{t('delete.confirm')}</Button>
        <Button variant="ghost" onClick={onDone}>{t('delete.keep')}</Button>
      </div>
    </Dialog>
  );
}
