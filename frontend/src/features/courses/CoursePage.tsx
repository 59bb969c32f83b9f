/**
 * A course page: description, syllabus, tutor, price and Enrol; for enrolled students
 * (and the course's tutor) the lesson viewer with Mark done and progress. Open to everyone.
 */
import { actsAsStudent } from '@functions/auth/roles-catalog';
import { Suspense, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { CourseDetail, LearnResponse } from '@functions/courses/contract';
import { ApiError, reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { lazyWithRetry } from '../../shared/lazy-retry';
import { PartBoundary } from '../../shared/ui/PartBoundary';
import { InlineLoading, QueryState, StateCard } from '../../shared/ui/QueryState';
import { RichText } from '../../shared/ui/RichText';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useAsPrerendered } from '../../shared/useHydrated';
import { useViewer, type AuthLinkState } from '../auth';
import { CertificateLink } from '../certificates';
import { useLearnerScope } from '../households';
import { ShareCourse } from '../share';
import { PublicPage } from '../tutors';
import { courseQuery, learnQuery, myEnrolmentsQuery, useMarkDone } from './api';
import { CourseFacts, CourseThumbnail } from './CourseCard';
import { useCourseText } from './course-text';
import { EnrolButton, type CourseCheckoutState } from './EnrolButton';
import { coursePrice, useCoursesText } from './text';
import './courses.css';

// The checkout (the M-Pesa prompt, Paybill, the card page) is fetched only when a paid course's Enrol is pressed.
const CourseCheckout = lazyWithRetry(() => import('./CourseCheckout').then((m) => m.CourseCheckout));

export function CoursePage() {
  const { courseId = '' } = useParams();
  // The loading state the shell showed while hydrating; filled from the start on the course's own
  // page (its HTML was rendered with the course, functions/sitepages).
  const detail = useAsPrerendered(useQuery(courseQuery(courseId)), courseQuery(courseId).queryKey);
  const t = useCourseText();
  useDocumentTitle(detail.data?.title ?? t('title'));
  const notFound = detail.error instanceof ApiError && detail.error.namesNothing;
  return (
    <PublicPage>
      {notFound ? (
        <StateCard title={t('notFound.title')} text={t('notFound.text')} heading="h1">
          <Link to={paths.courses} className={buttonClass('primary')}>{t('notFound.browse')}</Link>
        </StateCard>
      ) : (
        <QueryState query={detail} loading={t('loading')} error={{ title: t('error'), heading: 'h1' }}>
          {(course) => <CourseView course={course} />}
        </QueryState>
      )}
    </PublicPage>
  );
}

function CourseView({ course }: { course: CourseDetail }) {
  const viewer = useViewer();
  const isOwner = viewer.kind === 'user' && viewer.userId === course.tutor.id;
  // The lessons are only for enrolled students and the owner: ask for them only then (anyone else
  // would get a 403 in the console). A student's enrolments say whether this course is one.
  const student = viewer.kind === 'user' && actsAsStudent(viewer.role);
  const scope = useLearnerScope();
  const enrolments = useQuery({ ...myEnrolmentsQuery(scope.learnerId), enabled: student && scope.ready });
  const enrolledHere = enrolments.data?.enrolments.some((e) => e.course.id === course.id) === true;
  const learn = useQuery({ ...learnQuery(course.id, scope.learnerId), enabled: isOwner || enrolledHere, retry: false });
  const notEnrolled = (enrolments.isSuccess && !enrolledHere) || (learn.error instanceof ApiError && learn.error.status === 403);
  const t = useCourseText();
  const labels = useCoursesText();
  const opened = (useLocation().state as Partial<CourseCheckoutState> | null)?.checkout === true;
  const [checkout, setCheckout] = useState(opened);
  const canPay = viewer.kind === 'user' && actsAsStudent(viewer.role) && notEnrolled && !!course.price;

  return (
    <div className="course-page">
      <section className="card course-hero" aria-labelledby="course-title">
        <CourseThumbnail course={course} size="hero" eager />
        <div className="course-hero-body">
          <p className="course-card-category">{labels(`category.${course.category}`)} · {labels(`subject.${course.subject}`)}</p>
          <h1 id="course-title">{course.title}</h1>
          <p className="muted">{labels('card.by', { firstName: course.tutor.firstName, lastName: course.tutor.lastName })}</p>
          {/* The learner's (and owner's) own read is fresh and counts their enrolment at once; the public read may be cached. */}
          <CourseFacts course={learn.data ? { ...course, enrolledCount: learn.data.course.enrolledCount } : course} />
          <p className="course-price">{coursePrice(labels, course.price)}</p>
          <div className="actions">
            {viewer.kind === 'visitor' && (
              <Link to={paths.auth} state={{ returnTo: paths.course(course.id) } satisfies AuthLinkState} className={buttonClass('primary')}>{t('signInToEnrol')}</Link>
            )}
            {viewer.kind === 'user' && actsAsStudent(viewer.role) && notEnrolled && !(checkout && canPay) && <EnrolButton course={course} onCheckout={() => setCheckout(true)} />}
            {learn.data?.enrolled && <p className="course-enrolled">{t('enrolled')}</p>}
            {/* Only a certification program issues a certificate (the course form says so). */}
            {viewer.kind === 'user' && actsAsStudent(viewer.role) && learn.data?.enrolled && course.certificationProgram && (
              <CertificateLink courseId={course.id} completed={isCourseDone(learn.data.progress)} />
            )}
            {isOwner && <Link to={paths.editCourse(course.id)} className={buttonClass('secondary')}>{t('edit')}</Link>}
            {course.isPublished !== false && <ShareCourse path={paths.course(course.id)} title={course.title} />}
            {viewer.kind === 'user' && !actsAsStudent(viewer.role) && !isOwner && (
              <p className="muted">{t('studentsOnly')}</p>
            )}
          </div>
        </div>
      </section>

      {checkout && canPay && (
        <PartBoundary>
          <Suspense fallback={<InlineLoading label={t('checkout.loading')} />}>
            <CourseCheckout course={course} learnerId={scope.learnerId} />
          </Suspense>
        </PartBoundary>
      )}

      {course.description && (
        <section className="card" aria-labelledby="course-about">
          <h2 id="course-about">{t('about')}</h2>
          <p className="course-text">{course.description}</p>
        </section>
      )}

      {learn.data ? (
        <LessonViewer learn={learn.data} canMarkDone={learn.data.enrolled} />
      ) : (
        <section className="card" aria-labelledby="course-syllabus">
          <h2 id="course-syllabus">{t('syllabus')}</h2>
          {course.lessons.length === 0 ? <p className="muted">{t('noLessons')}</p> : (
            <ol className="course-syllabus">
              {course.lessons.map((l) => (
                <li key={l.id}>{l.title}{l.fileName && <span className="muted"> · {l.fileName}</span>}</li>
              ))}
            </ol>
          )}
          {learn.isError && !notEnrolled && <p role="alert">{t('lessonsError', { reason: reasonOf(learn.error) })}</p>}
        </section>
      )}
    </div>
  );
}

const isCourseDone = (p: LearnResponse['progress']) => p.total > 0 && p.done === p.total;

function LessonViewer({ learn, canMarkDone }: { learn: LearnResponse; canMarkDone: boolean }) {
  const firstOpen = learn.lessons.find((l) => !l.done) ?? learn.lessons[0];
  const [selectedId, setSelectedId] = useState(firstOpen?.id);
  const lesson = learn.lessons.find((l) => l.id === selectedId) ?? firstOpen;
  const { learnerId } = useLearnerScope();
  const markDone = useMarkDone(learn.course.id, learnerId);
  const toast = useToast();
  const { percent, done, total } = learn.progress;
  const t = useCourseText();
  return (
    <section className="card course-learn" aria-labelledby="course-lessons">
      <div className="course-learn-head">
        <h2 id="course-lessons">{t('lessons')}</h2>
        {canMarkDone && (
          <div className="course-progress">
            <progress className="brand-progress" max={100} value={percent} aria-label={t('progress.label')} />
            <span>{t('progress.text', { percent, done, total })}</span>
          </div>
        )}
      </div>
      <div className="course-learn-body">
        <ol className="course-lesson-list">
          {learn.lessons.map((l) => (
            <li key={l.id}>
              <button type="button" className={`course-lesson-pick${l.id === lesson?.id ? ' is-current' : ''}`} aria-current={l.id === lesson?.id} onClick={() => setSelectedId(l.id)}>
                <span aria-hidden="true">{l.done ? '✓' : '○'}</span> {l.title}
                {l.done && <span className="visually-hidden">{t('lesson.done')}</span>}
              </button>
            </li>
          ))}
        </ol>
        {lesson && (
          <article className="course-lesson" aria-labelledby="lesson-title">
            <h3 id="lesson-title">{lesson.title}</h3>
            {lesson.text && <RichText text={lesson.text} headingLevel={4} className="course-lesson-text" />}
            {lesson.file && <LessonFileView file={lesson.file} />}
            {canMarkDone && (
              lesson.done ? <p className="course-done">{t('lesson.doneMark')}</p> : (
                <Button
                  busy={markDone.isPending}
                  onClick={() => markDone.mutate(lesson.id, { onError: (error) => toast.error(reasonOf(error)) })}
                >
                  {t('lesson.markDone')}
                </Button>
              )
            )}
          </article>
        )}
      </div>
    </section>
  );
}

function LessonFileView({ file }: { file: NonNullable<LearnResponse['lessons'][number]['file']> }) {
  const t = useCourseText();
  if (file.contentType.startsWith('image/')) return <img className="course-lesson-image" src={file.url} alt={file.fileName} />;
  if (file.contentType.startsWith('video/')) return <video className="course-lesson-video" src={file.url} controls preload="metadata" />;
  return (
    <p>
      <a href={file.url} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'sm')}>{t('lesson.open', { fileName: file.fileName })}</a>
    </p>
  );
}
