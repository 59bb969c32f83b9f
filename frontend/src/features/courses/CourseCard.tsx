/** A catalogue card: thumbnail, title, tutor, level, lessons, students, price and duration. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Course } from '@functions/courses/contract';
import { LEVEL_LABELS } from '@functions/courses/catalog';
import { paths } from '../../shared/paths';
import { coursePrice, lessonsLabel, studentsLabel, weeks } from './format';

/** `eager`: the image is likely the page's largest paint (the first cards), so it is not lazy. */
export function CourseThumbnail({ course, size = 'card', eager = false }: {
  course: Pick<Course, 'thumbnailUrl' | 'subject'>; size?: 'card' | 'hero'; eager?: boolean;
}) {
  return course.thumbnailUrl ? (
    <img className={`course-thumb course-thumb-${size}`} src={course.thumbnailUrl} alt="" loading={eager ? 'eager' : 'lazy'}
      decoding="async" {...(eager ? { fetchPriority: 'high' as const } : {})} />
  ) : (
    <span className={`course-thumb course-thumb-${size} course-thumb-empty`} aria-hidden="true">
      {course.subject}
    </span>
  );
}

/** `children`: actions under the price (e.g. /certification's Enroll Now / Continue / View Certificate). */
export function CourseCard({ course, eager = false, children }: { course: Course; eager?: boolean; children?: ReactNode }) {
  return (
    <article className="card course-card">
      <CourseThumbnail course={course} eager={eager} />
      <div className="course-card-body">
        <p className="course-card-category">{course.category}</p>
        <h2>
          <Link to={paths.course(course.id)} className="course-card-link">
            {course.title}
          </Link>
        </h2>
        <p className="muted course-card-tutor">
          by {course.tutor.firstName} {course.tutor.lastName}
        </p>
        <ul className="course-facts" aria-label="Course facts">
          <li>{LEVEL_LABELS[course.level]}</li>
          <li>{lessonsLabel(course.lessonCount)}</li>
          <li>{studentsLabel(course.enrolledCount)}</li>
          <li>{weeks(course.durationWeeks)}</li>
        </ul>
        <p className="course-price">{coursePrice(course.price)}</p>
        {children}
      </div>
    </article>
  );
}
