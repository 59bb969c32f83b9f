/**
 * The tutor dashboard's Courses tab: own courses (drafts and published) with their enrolments and
 * revenue (confirmed course payments, counted by the server as each payment confirms).
 */
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ksh } from '../../shared/format';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { CardSection } from '../../shared/ui/CardSection';
import { QueryState } from '../../shared/ui/QueryState';
import { myCoursesQuery } from './api';
import { coursePrice, lessonsLabel, studentsLabel } from './format';
import './courses.css';

export function TutorCoursesTab() {
  const query = useQuery(myCoursesQuery());
  return (
    <CardSection id="courses-tab-title" title="Your courses" link={{ to: paths.courseCreation, label: 'Create Course', variant: 'primary' }}>
      <QueryState
        query={query}
        loading="Loading your courses…"
        error={{ title: 'Could not load your courses.', look: 'inline' }}
        empty={{ when: (d) => d.courses.length === 0, show: <p className="muted">No courses yet. Create your first course and publish it once you are verified.</p> }}
      >
        {({ courses }) => (
          <>
          <p className="course-own-total">
            Course revenue: <strong>{ksh(courses.reduce((sum, c) => sum + c.revenue, 0))}</strong>
          </p>
          <ul className="course-own-list">
            {courses.map((c) => (
              <li key={c.id} className="course-own">
                <div>
                  <Link to={paths.editCourse(c.id)} className="course-own-title">{c.title}</Link>
                  <p className="muted">
                    {c.isPublished ? 'Published' : 'Draft'} · {lessonsLabel(c.lessonCount)} · {coursePrice(c.price)}
                  </p>
                </div>
                <dl className="course-own-figures">
                  <div><dt>Enrolled</dt><dd>{studentsLabel(c.enrolledCount)}</dd></div>
                  <div><dt>Revenue</dt><dd>{ksh(c.revenue)}</dd></div>
                </dl>
                {c.isPublished && <Link to={paths.course(c.id)} className={buttonClass('ghost', 'sm')}>View</Link>}
              </li>
            ))}
          </ul>
          </>
        )}
      </QueryState>
    </CardSection>
  );
}
