/**
 * A course page (issue 12): description, syllabus, tutor, price and Enrol; for enrolled students
 * (and the course's tutor) the lesson viewer with Mark done and progress. Open to everyone.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { LEVEL_LABELS } from '@functions/courses/catalog';
import type { CourseDetail, LearnResponse } from '@functions/courses/contract';
import { ApiError, reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useViewer, type AuthLinkState } from '../auth';
import { CertificateLink } from '../certificates';
import { PublicPage } from '../tutors';
import { courseQuery, learnQuery, useMarkDone } from './api';
import { CourseThumbnail } from './CourseCard';
import { EnrolButton } from './EnrolButton';
import { coursePrice, lessonsLabel, studentsLabel, weeks } from './format';
import './courses.css';

export function CoursePage() {
  const { courseId = '' } = useParams();
  const detail = useQuery(courseQuery(courseId));
  useDocumentTitle(detail.data?.title ?? 'Course');
  const notFound = detail.error instanceof ApiError && detail.error.namesNothing;
  return (
    <PublicPage>
      {notFound ? (
        <StateCard title="Course Not Found" text="The course you're looking for doesn't exist or is not available." heading="h1">
          <Link to={paths.courses} className={buttonClass('primary')}>Browse Courses</Link>
        </StateCard>
      ) : (
        <QueryState query={detail} loading="Loading the course…" error={{ title: 'Could not load this course.', heading: 'h1' }}>
          {(course) => <CourseView course={course} />}
        </QueryState>
      )}
    </PublicPage>
  );
}

function CourseView({ course }: { course: CourseDetail }) {
  const viewer = useViewer();
  const signedIn = viewer.kind === 'user';
  const learn = useQuery({ ...learnQuery(course.id), enabled: signedIn, retry: false });
  const notEnrolled = learn.error instanceof ApiError && learn.error.status === 403;
  const isOwner = viewer.kind === 'user' && viewer.userId === course.tutor.id;

  return (
    <div className="course-page">
      <section className="card course-hero" aria-labelledby="course-title">
        <CourseThumbnail course={course} size="hero" />
        <div className="course-hero-body">
          <p className="course-card-category">{course.category} · {course.subject}</p>
          <h1 id="course-title">{course.title}</h1>
          <p className="muted">by {course.tutor.firstName} {course.tutor.lastName}</p>
          <ul className="course-facts" aria-label="Course facts">
            <li>{LEVEL_LABELS[course.level]}</li>
            <li>{lessonsLabel(course.lessonCount)}</li>
            <li>{studentsLabel(course.enrolledCount)}</li>
            <li>{weeks(course.durationWeeks)}</li>
          </ul>
          <p className="course-price">{coursePrice(course.price)}</p>
          <div className="actions">
            {viewer.kind === 'visitor' && (
              <Link to={paths.auth} state={{ returnTo: paths.course(course.id) } satisfies AuthLinkState} className={buttonClass('primary')}>Sign in to Enrol</Link>
            )}
            {viewer.kind === 'user' && viewer.role === 'student' && notEnrolled && <EnrolButton course={course} />}
            {learn.data?.enrolled && <p className="course-enrolled">✓ You are enrolled</p>}
            {viewer.kind === 'user' && viewer.role === 'student' && learn.data?.enrolled && (
              <CertificateLink courseId={course.id} completed={isCourseDone(learn.data.progress)} />
            )}
            {isOwner && <Link to={paths.editCourse(course.id)} className={buttonClass('secondary')}>Edit Course</Link>}
            {viewer.kind === 'user' && viewer.role !== 'student' && !isOwner && (
              <p className="muted">Students enrol in courses. Sign in with a student account to join.</p>
            )}
          </div>
        </div>
      </section>

      {course.description && (
        <section className="card" aria-labelledby="course-about">
          <h2 id="course-about">About this course</h2>
          <p className="course-text">{course.description}</p>
        </section>
      )}

      {learn.data ? (
        <LessonViewer learn={learn.data} canMarkDone={learn.data.enrolled} />
      ) : (
        <section className="card" aria-labelledby="course-syllabus">
          <h2 id="course-syllabus">Syllabus</h2>
          {course.lessons.length === 0 ? <p className="muted">No lessons yet.</p> : (
            <ol className="course-syllabus">
              {course.lessons.map((l) => (
                <li key={l.id}>{l.title}{l.fileName && <span className="muted"> · {l.fileName}</span>}</li>
              ))}
            </ol>
          )}
          {learn.isError && !notEnrolled && <p role="alert">Could not load your lessons. {reasonOf(learn.error)}</p>}
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
  const markDone = useMarkDone(learn.course.id);
  const toast = useToast();
  const { percent, done, total } = learn.progress;
  return (
    <section className="card course-learn" aria-labelledby="course-lessons">
      <div className="course-learn-head">
        <h2 id="course-lessons">Lessons</h2>
        {canMarkDone && (
          <div className="course-progress">
            <progress max={100} value={percent} aria-label="Course progress" />
            <span>{percent}% complete ({done} of {total})</span>
          </div>
        )}
      </div>
      <div className="course-learn-body">
        <ol className="course-lesson-list">
          {learn.lessons.map((l) => (
            <li key={l.id}>
              <button type="button" className={`course-lesson-pick${l.id === lesson?.id ? ' is-current' : ''}`} aria-current={l.id === lesson?.id} onClick={() => setSelectedId(l.id)}>
                <span aria-hidden="true">{l.done ? '✓' : '○'}</span> {l.title}
                {l.done && <span className="visually-hidden"> (done)</span>}
              </button>
            </li>
          ))}
        </ol>
        {lesson && (
          <article className="course-lesson" aria-labelledby="lesson-title">
            <h3 id="lesson-title">{lesson.title}</h3>
            {lesson.text && <p className="course-text">{lesson.text}</p>}
            {lesson.file && <LessonFileView file={lesson.file} />}
            {canMarkDone && (
              lesson.done ? <p className="course-done">✓ Done</p> : (
                <Button
                  busy={markDone.isPending}
                  onClick={() => markDone.mutate(lesson.id, { onError: (error) => toast.error(reasonOf(error)) })}
                >
                  Mark done
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
  if (file.contentType.startsWith('image/')) return <img className="course-lesson-image" src={file.url} alt={file.fileName} />;
  if (file.contentType.startsWith('video/')) return <video className="course-lesson-video" src={file.url} controls preload="metadata" />;
  return (
    <p>
      <a href={file.url} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'sm')}>Open {file.fileName}</a>
    </p>
  );
}
