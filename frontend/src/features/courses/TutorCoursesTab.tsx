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
import { coursePrice, useCoursesText } from './text';
import './courses.css';

export function TutorCoursesTab() {
  const query = useQuery(myCoursesQuery());
  const t = useCoursesText();
  return (
    <CardSection id="courses-tab-title" title={t('tutor.title')} link={{ to: paths.courseCreation, label: t('tutor.create'), variant: 'primary' }}>
      <QueryState
        query={query}
        loading={t('mine.loading')}
        error={{ title: t('mine.error'), look: 'inline' }}
        empty={{ when: (d) => d.courses.length === 0, show: <p className="muted">{t('tutor.empty')}</p> }}
      >
        {({ courses }) => (
          <>
          <p className="course-own-total">
            {t('tutor.total')} <strong>{ksh(courses.reduce((sum, c) => sum + c.revenue, 0))}</strong>
          </p>
          <ul className="course-own-list">
            {courses.map((c) => (
              <li key={c.id} className="course-own">
                <div>
                  <Link to={paths.editCourse(c.id)} className="course-own-title">{c.title}</Link>
                  <p className="muted">
                    {t(c.isPublished ? 'status.published' : 'status.draft')} · {t('count.lessons', { count: c.lessonCount })} · {coursePrice(t, c.price)}
                  </p>
                </div>
                <dl className="course-own-figures">
                  <div><dt>{t('tutor.enrolled')}</dt><dd>{t('count.students', { count: c.enrolledCount })}</dd></div>
                  <div><dt>{t('tutor.revenue')}</dt><dd>{ksh(c.revenue)}</dd></div>
                </dl>
                {c.isPublished && <Link to={paths.course(c.id)} className={buttonClass('ghost', 'sm')}>{t('tutor.view')}</Link>}
              </li>
            ))}
          </ul>
          </>
        )}
      </QueryState>
    </CardSection>
  );
}
