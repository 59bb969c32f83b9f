/**
 * The student dashboard's courses: the real Enrolled Courses count, and
 * the first 3 available courses (newest published) with a working Enroll: free enrols at once,
 * paid goes to the payment page and comes back enrolled. Courses already joined say so.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { CardSection } from '../../shared/ui/CardSection';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { useLearnerScope } from '../households';
import { catalogueQuery, myEnrolmentsQuery } from './api';
import { NO_FILTERS } from './catalogue-params';
import { EnrolButton } from './EnrolButton';
import { coursePrice, useCoursesText } from './text';
import './courses.css';

/** The available courses preview shows 3. */
export const DASHBOARD_COURSES = 3;

export function StudentCourses() {
  const scope = useLearnerScope();
  const enrolments = useQuery({ ...myEnrolmentsQuery(scope.learnerId), enabled: scope.ready });
  const catalogue = useInfiniteQuery(catalogueQuery(NO_FILTERS));
  const enrolledIds = new Set(enrolments.data?.enrolments.map((e) => e.course.id));
  const t = useCoursesText();
  return (
    <CardSection id="student-courses-title" title={t('student.title')} link={{ to: paths.courses, label: t('student.all') }}>
      <div className="student-course-count">
        <span className="muted">{t('student.enrolled')}</span>
        <QueryState query={enrolments} loading={<InlineLoading label={t('mine.loading')} />} error={{ title: t('mine.error'), look: 'inline' }}>
          {(d) => <strong className="student-course-count-value">{d.enrolments.length}</strong>}
        </QueryState>
      </div>
      <h3 id="available-courses-title" className="student-courses-subtitle">{t('student.available')}</h3>
      <QueryState
        query={catalogue}
        loading={<InlineLoading label={t('student.loading')} />}
        error={{ title: t('student.error'), look: 'inline' }}
        empty={{ when: (d) => (d.pages[0]?.courses.length ?? 0) === 0, show: <p className="muted">{t('student.empty')}</p> }}
      >
        {(d) => (
          <ul role="list" className="student-course-list" aria-labelledby="available-courses-title">
            {(d.pages[0]?.courses ?? []).slice(0, DASHBOARD_COURSES).map((course) => (
              <li key={course.id} className="student-course">
                <div className="student-course-text">
                  <Link to={paths.course(course.id)} className="student-course-title">{course.title}</Link>
                  <span className="muted">{course.tutor.firstName} {course.tutor.lastName} · {t('count.lessons', { count: course.lessonCount })} · {coursePrice(t, course.price)}</span>
                </div>
                {enrolledIds.has(course.id) ? (
                  <Link to={paths.course(course.id)} className={buttonClass('secondary', 'sm')} aria-label={t('student.continueLabel', { title: course.title })}>{t('student.continue')}</Link>
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
