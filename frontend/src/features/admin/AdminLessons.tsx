/**
 * Today's paid lessons on the super admin dashboard, with who joined each and when (
 * attendance is visible to super admins). The day and the times are East Africa Time, the
 * platform's (the API's day is EAT's), whatever the admin's own device says.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminLesson } from '@functions/admin/contract';
import { CardSection } from '../../shared/ui/CardSection';
import { QueryState } from '../../shared/ui/QueryState';
import { useSubjectName } from '../tutors';
import { adminLessonsQuery } from './admin-api';
import { DateTime, loadFailed, PLATFORM_TIME_ZONE, TransactionStatus } from './components';

import { useOverviewText } from './overview-text';

function Attendance({ lesson }: { lesson: AdminLesson }) {
  const t = useOverviewText();
  if (lesson.attendance.length === 0) return <span className="muted">{t('lessons.nobodyJoined')}</span>;
  return (
    <ul className="admin-attendance">
      {lesson.attendance.map((entry) => (
        <li key={`${entry.userId}-${entry.joinedAt}`}>
          {t('lessons.attendee', { name: entry.name, role: t(`role.${entry.role}`) })} <DateTime iso={entry.joinedAt} timeZone={PLATFORM_TIME_ZONE} />
        </li>
      ))}
    </ul>
  );
}

export function TodaysLessons() {
  const t = useOverviewText();
  const subjectName = useSubjectName();
  const query = useQuery(adminLessonsQuery());
  const rows = query.data?.lessons ?? [];
  return (
    <CardSection id="lessons-title" title={t('lessons.title')}>
      <QueryState
        query={query}
        loading={t('lessons.loading')}
        error={loadFailed(t('lessons.loadFailed'))}
        empty={{ when: () => rows.length === 0, show: <p className="muted">{t('lessons.none')}</p> }}
      >
        {() => (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('lessons.lesson')}</th>
                <th scope="col">{t('lessons.tutor')}</th>
                <th scope="col">{t('lessons.student')}</th>
                <th scope="col">{t('lessons.starts')}</th>
                <th scope="col">{t('lessons.status')}</th>
                <th scope="col">{t('lessons.joined')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((lesson) => (
                <tr key={lesson.bookingId}>
                  <td data-label={t('lessons.lesson')}>
                    {t('lessons.subject', { subject: subjectName(lesson.subject), minutes: lesson.durationMinutes })}
                  </td>
                  <td data-label={t('lessons.tutor')}>{lesson.tutor.name}</td>
                  <td data-label={t('lessons.student')}>{lesson.student.name}</td>
                  <td data-label={t('lessons.starts')}>
                    <DateTime iso={lesson.scheduledAt} timeZone={PLATFORM_TIME_ZONE} />
                  </td>
                  <td data-label={t('lessons.status')}>
                    <TransactionStatus status={lesson.status} />
                  </td>
                  <td data-label={t('lessons.joined')}>
                    <Attendance lesson={lesson} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </CardSection>
  );
}
