/**
 * The student dashboard's courses (spec §2, §9; issue 12): the real Enrolled Courses count, and
 * the first 3 available courses (newest published) with a working Enroll: free enrols at once,
 * paid goes to the payment page and comes back enrolled. Courses already joined say so.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { CardSection } from '../../shared/ui/CardSection';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { catalogueQuery, myEnrolmentsQuery } from './api';
import { NO_FILTERS } from './catalogue-params';
import { EnrolButton } from './EnrolButton';
import { coursePrice, lessonsLabel } from './format';
import './courses.css';

/** Spec §9: "available courses preview 3". */
export const DASHBOARD_COURSES = 3;

export function StudentCourses() {
  const enrolments = useQuery(myEnrolmentsQuery());
  const catalogue = useInfiniteQuery(catalogueQuery(NO_FILTERS));
  const enrolledIds = new Set(enrolments.data?.enrolments.map((e) => e.course.id));
  return (
    <CardSection id="student-courses-title" title="Courses" link={{ to: paths.courses, label: 'All courses' }}>
      <div className="student-course-count">
        <span className="muted">Enrolled Courses</span>
        <QueryState query={enrolments} loading={<InlineLoading label="Loading your courses…" />} error={{ title: 'Could not load your courses.', look: 'inline' }}>
          {(d) => <strong className="student-course-count-value">{d.enrolments.length}</strong>}
        </QueryState>
      </div>
      <h3 id="available-courses-title" className="student-courses-subtitle">Available Courses</h3>
      <QueryState
        query={catalogue}
        loading={<InlineLoading label="Loading courses…" />}
        error={{ title: 'Could not load the courses.', look: 'inline' }}
        empty={{ when: (d) => (d.pages[0]?.courses.length ?? 0) === 0, show: <p className="muted">No courses are published yet. Check back soon.</p> }}
      >
        {(d) => (
          <ul role="list" className="student-course-list" aria-labelledby="available-courses-title">
            {(d.pages[0]?.courses ?? []).slice(0, DASHBOARD_COURSES).map((course) => (
              <li key={course.id} className="student-course">
                <div className="student-course-text">
                  <Link to={paths.course(course.id)} className="student-course-title">{course.title}</Link>
                  <span className="muted">{course.tutor.firstName} {course.tutor.lastName} · {lessonsLabel(course.lessonCount)} · {coursePrice(course.price)}</span>
                </div>
                {enrolledIds.has(course.id) ? (
                  <Link to={paths.course(course.id)} className={buttonClass('secondary', 'sm')} aria-label={`Continue: ${course.title}`}>Continue</Link>
                ) : enrolments.isSuccess ? (
                  <EnrolButton course={course} size="sm" />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </CardSection>
  );
}
