/**
 * Today's paid lessons on the super admin dashboard, with who joined each and when (issue 10:
 * attendance is visible to super admins). Days are UTC, as the API keeps them.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminLesson } from '@functions/admin/contract';
import { CardSection } from '../../shared/ui/CardSection';
import { QueryState } from '../../shared/ui/QueryState';
import { adminLessonsQuery } from './admin-api';
import { DateTime, loadFailed, TransactionStatus } from './components';

const roleLabel = { moderator: 'tutor', attendee: 'student' } as const;

function Attendance({ lesson }: { lesson: AdminLesson }) {
  if (lesson.attendance.length === 0) return <span className="muted">Nobody has joined</span>;
  return (
    <ul className="admin-attendance">
      {lesson.attendance.map((entry) => (
        <li key={`${entry.userId}-${entry.joinedAt}`}>
          {entry.name} ({roleLabel[entry.role]}) <DateTime iso={entry.joinedAt} />
        </li>
      ))}
    </ul>
  );
}

export function TodaysLessons() {
  const query = useQuery(adminLessonsQuery());
  const rows = query.data?.lessons ?? [];
  return (
    <CardSection id="lessons-title" title="Lessons Today (UTC)">
      <QueryState
        query={query}
        loading="Loading lessons…"
        error={loadFailed('the lessons')}
        empty={{ when: () => rows.length === 0, show: <p className="muted">No paid lessons today.</p> }}
      >
        {() => (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Lesson</th>
                <th scope="col">Tutor</th>
                <th scope="col">Student</th>
                <th scope="col">Starts</th>
                <th scope="col">Status</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((lesson) => (
                <tr key={lesson.bookingId}>
                  <td data-label="Lesson">
                    {lesson.subject} ({lesson.durationMinutes} min)
                  </td>
                  <td data-label="Tutor">{lesson.tutor.name}</td>
                  <td data-label="Student">{lesson.student.name}</td>
                  <td data-label="Starts">
                    <DateTime iso={lesson.scheduledAt} />
                  </td>
                  <td data-label="Status">
                    <TransactionStatus status={lesson.status} />
                  </td>
                  <td data-label="Joined">
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
