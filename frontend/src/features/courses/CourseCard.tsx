/** A catalogue card: thumbnail, title, tutor, level, lessons, students, price and duration. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Course } from '@functions/courses/contract';
import { paths } from '../../shared/paths';
import { coursePrice, useCoursesText } from './text';

/** `eager`: the image is likely the page's largest paint (the first cards), so it is not lazy. */
export function CourseThumbnail({ course, size = 'card', eager = false }: {
  course: Pick<Course, 'thumbnailUrl' | 'subject'>; size?: 'card' | 'hero'; eager?: boolean;
}) {
  const t = useCoursesText();
  return course.thumbnailUrl ? (
    <img className={`course-thumb course-thumb-${size}`} src={course.thumbnailUrl} alt="" loading={eager ? 'eager' : 'lazy'}
      decoding="async" {...(eager ? { fetchPriority: 'high' as const } : {})} />
  ) : (
    <span className={`course-thumb course-thumb-${size} course-thumb-empty`} aria-hidden="true">
      {t(`subject.${course.subject}`)}
    </span>
  );
}

/** `children`: actions under the price (e.g. /certification's Enroll Now / Continue / View Certificate). */
export function CourseCard({ course, eager = false, children }: { course: Course; eager?: boolean; children?: ReactNode }) {
  const t = useCoursesText();
  return (
    <article className="card course-card">
      <CourseThumbnail course={course} eager={eager} />
      <div className="course-card-body">
        {/* The subject in the page's language here, not on the art (a generated banner carries only the title). */}
        <p className="course-card-category">{t(`category.${course.category}`)} · {t(`subject.${course.subject}`)}</p>
        <h2>
          <Link to={paths.course(course.id)} className="course-card-link">
            {course.title}
          </Link>
        </h2>
        <p className="muted course-card-tutor">
          {t('card.by', { firstName: course.tutor.firstName, lastName: course.tutor.lastName })}
        </p>
        <CourseFacts course={course} />
        <p className="course-price">{coursePrice(t, course.price)}</p>
        {children}
      </div>
    </article>
  );
}

/** Level, lessons, students and weeks: on a card and on the course page. */
export function CourseFacts({ course }: { course: Pick<Course, 'level' | 'lessonCount' | 'enrolledCount' | 'durationWeeks'> }) {
  const t = useCoursesText();
  return (
    <ul className="course-facts" aria-label={t('card.facts')}>
      <li>{t(`level.${course.level}`)}</li>
      <li>{t('count.lessons', { count: course.lessonCount })}</li>
      <li>{t('count.students', { count: course.enrolledCount })}</li>
      <li>{t('count.weeks', { count: course.durationWeeks })}</li>
    </ul>
  );
}
