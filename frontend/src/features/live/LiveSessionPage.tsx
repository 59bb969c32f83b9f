/**
 * /live-tutoring/{bookingId} (live session states, access, texts): a paid
 * lesson's classroom for its tutor and student. The server says what the viewer may do; the page
 * shows it, polls while the other party can move the class on (the waiting student sees it open
 * by itself), and frames the provider's classroom (no video SDK).
 *
 * The classroom opens by itself once for a viewer who asked for it: the tutor who pressed Start
 * Class, the student who waited for the tutor. Anyone else presses Join.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { LiveSessionView } from '@functions/live/contract';
import { ksh, zoneName } from '../../shared/format';
import { paths } from '../../shared/paths';
import { viewerTimeZone } from '../../shared/slots';
import { Button, buttonClass } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { LoadError, StateCard } from '../../shared/ui/QueryState';
import { PageLoading, Spinner } from '../../shared/ui/Spinner';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { clockTime, durationLabel, sessionTime } from '../../shared/when';
import { WriteReportAfterLesson } from '../reports';
import { useSubjectName } from '../tutors';
import { useActiveLanguage } from '../../shared/i18n/text';
import { learnerLevel } from '@functions/households/grades-catalog';
import { LiveShell, LiveStatus, MeetingFrame, QuickActions } from './components';
import { useEndLiveSession } from './end-session';
import { liveSessionQuery, useCreateLiveSession, useJoinLiveSession } from './live-api';
import { useFocusLater } from './use-focus-later';
import { useLiveText } from './text';
import {
  attendanceLines, endDialogText, endedToast, hasNoClass, liveActions, liveFailure, loadRefusal, stateHint, type LiveLinkState,
} from './live-view';

export function LiveSessionPage() {
  const { bookingId = '' } = useParams();
  const query = useQuery(liveSessionQuery(bookingId));
  // A lesson that has no class any more (cancelled meanwhile) replaces what was shown before.
  const session = query.isError && hasNoClass(query.error) ? undefined : query.data;
  const t = useLiveText();
  const subjectName = useSubjectName();
  useDocumentTitle(session ? t('title', { subject: subjectName(session.booking.subject) }) : t('titleDefault'));

  return (
    <LiveShell>
      {session ? (
        <LiveSession key={bookingId} session={session} onStale={() => void query.refetch()} />
      ) : query.isError ? (
        <Refused error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <PageLoading label={t('loading')} />
      )}
    </LiveShell>
  );
}

/** A refused or failed load: the spec sends an unknown booking to the dashboard, an unpaid one to My Bookings. */
function Refused({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const t = useLiveText();
  const refusal = loadRefusal(error, t);
  const { to, message } = refusal.kind === 'redirect' ? refusal : { to: undefined, message: undefined };
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (!to || !message) return;
    // The toast outlives the page: the user reads why on the page they land on.
    toast.error(message);
    navigate(to, { replace: true });
  }, [to, message, toast, navigate]);

  if (refusal.kind === 'redirect') return <PageLoading label={refusal.message} />;
  if (refusal.retry) return <LoadError title={refusal.title} text={refusal.text} heading="h1" onRetry={onRetry} retrying={retrying} />;
  const toMyBookings = refusal.back === 'myBookings';
  return (
    <StateCard title={refusal.title} text={refusal.text} heading="h1">
      <Link to={toMyBookings ? paths.myBookings : paths.dashboard} className={buttonClass('primary')}>
        {t(toMyBookings ? 'goToMyBookings' : 'returnToDashboard')}
      </Link>
    </StateCard>
  );
}

function LiveSession({ session, onStale }: { session: LiveSessionView; onStale: () => void }) {
  const t = useLiveText();
  const language = useActiveLanguage();
  const subjectName = useSubjectName();
  const toast = useToast();
  const location = useLocation();
  const create = useCreateLiveSession();
  const join = useJoinLiveSession();
  const end = useEndLiveSession();
  const actions = liveActions(session);
  const zone = useMemo(viewerTimeZone, []);
  const [joinUrl, setJoinUrl] = useState<string | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const ended = session.status === 'ended';
  // The meeting is over for everyone once ended, whoever ended it.
  const frameUrl = ended ? null : joinUrl;

  const wantsClassroom = useRef(Boolean((location.state as LiveLinkState | null)?.join));
  if (actions.waiting) wantsClassroom.current = true;

  const stageHeading = useRef<HTMLHeadingElement>(null);
  const joinButton = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const setFocus = useFocusLater(useMemo(() => ({ join: joinButton, stage: stageHeading, frame }), []));

  const openClassroom = async () => {
    wantsClassroom.current = false;
    try {
      const { joinUrl: url } = await join.mutateAsync(session.bookingId);
      setJoinUrl(url);
      setFocus('frame');
    } catch (error) {
      console.error('Join failed', error);
      toast.error(liveFailure(t('toast.joinFailed'), error));
      onStale();
    }
  };

  // Opens by itself once the room exists for a viewer who asked for it (see the top of the file).
  const canOpenNow = actions.join && !frameUrl && !join.isPending;
  useEffect(() => {
    if (canOpenNow && wantsClassroom.current) void openClassroom();
    // openClassroom is a fresh closure each render; what decides is canOpenNow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canOpenNow]);

  // The student's page learns of the end by polling: the frame goes, focus goes to the status.
  const hadFrame = useRef(false);
  useEffect(() => {
    if (ended && hadFrame.current) setFocus('stage');
    hadFrame.current = Boolean(frameUrl);
  }, [ended, frameUrl, setFocus]);

  const leave = useCallback(() => {
    setJoinUrl(null);
    setFocus('join');
  }, [setFocus]);

  const createRoom = async () => {
    try {
      await create.mutateAsync({ bookingId: session.bookingId });
      toast.success(t('toast.created'));
      setFocus('join');
    } catch (error) {
      console.error('Create meeting failed', error);
      toast.error(liveFailure(t('toast.createFailed'), error));
      onStale();
    }
  };

  const endSession = async () => {
    try {
      const { session: ended } = await end.mutateAsync(session.bookingId);
      setConfirmEnd(false);
      setJoinUrl(null);
      toast.success(endedToast(ended.booking.status, studentName, t));
      setFocus('stage');
    } catch (error) {
      console.error('End meeting failed', error);
      setConfirmEnd(false);
      toast.error(liveFailure(t('toast.endFailed'), error));
      onStale();
    }
  };

  const { booking } = session;
  const tutorName = `${booking.tutor.firstName} ${booking.tutor.lastName}`.trim();
  const payerName = `${booking.student.firstName} ${booking.student.lastName}`.trim();
  // A child's lesson: the tutor teaches the child (first name only), the parent is the contact.
  const { learner } = booking;
  const studentName = learner ? learner.firstName : payerName;
  const level = learner ? learnerLevel(learner.grade, learner.curriculum, language) : '';
  const other = session.viewerRole !== 'moderator' ? t('withTutor', { name: tutorName })
    : learner ? t('lessonWith', { name: learner.firstName, level }) : t('withStudent', { name: studentName });
  const when = sessionTime(booking.scheduledAt, booking.durationMinutes, zone);
  const endDialog = endDialogText(session, studentName, t);
  const attendance = attendanceLines(session.attendance, (iso) => clockTime(iso, zone), t);

  return (
    <>
      <div className="dashboard-title live-title">
        <h1>{t('heading', { subject: subjectName(booking.subject) })}</h1>
        <p className="muted">{other}</p>
      </div>
      <div className="live-layout">
        <section className="card live-stage" aria-labelledby="live-stage-title">
          <div className="live-stage-head">
            <h2 id="live-stage-title" ref={stageHeading} tabIndex={-1}>
              {t('classroom')}
            </h2>
            <LiveStatus status={session.status} />
          </div>
          {actions.waiting ? (
            <p className="live-waiting">
              <Spinner size="sm" decorative /> {t('waitingForTutor')}
            </p>
          ) : (
            !frameUrl && stateHint(session, t) && <p className="live-hint">{stateHint(session, t)}</p>
          )}
          {session.notice && !ended && <p className="alert alert-info live-notice">{session.notice}</p>}
          {frameUrl ? (
            <MeetingFrame
              url={frameUrl}
              title={t('frameTitle', { subject: subjectName(booking.subject), other })}
              frameRef={frame}
              onLeave={leave}
            />
          ) : (
            (actions.create || actions.join) && (
              <div className="live-actions">
                {actions.create && (
                  <Button busy={create.isPending} onClick={() => void createRoom()}>
                    {t('create')}
                  </Button>
                )}
                {actions.join && (
                  <Button ref={joinButton} busy={join.isPending} onClick={() => void openClassroom()}>
                    {t('join')}
                  </Button>
                )}
              </div>
            )
          )}
          {ended && session.viewerRole === 'moderator' && booking.status === 'completed' && (
            <WriteReportAfterLesson bookingId={session.bookingId} />
          )}
          {actions.end && (
            <div className="live-actions live-end">
              <Button variant="danger" onClick={() => setConfirmEnd(true)}>
                {t('end')}
              </Button>
            </div>
          )}
        </section>

        <div className="live-side">
          <section className="card" aria-labelledby="live-details-title">
            <h2 id="live-details-title">{t('details')}</h2>
            <dl className="booking-facts live-facts">
              <dt>{t('fact.subject')}</dt>
              <dd>{subjectName(booking.subject)}</dd>
              <dt>{t('fact.tutor')}</dt>
              <dd>{tutorName}</dd>
              {learner ? (
                <>
                  <dt>{t('fact.learner')}</dt>
                  <dd>{t('learnerName', { name: learner.firstName, level })}</dd>
                  <dt>{t('fact.parent')}</dt>
                  <dd>{payerName}</dd>
                </>
              ) : (
                <>
                  <dt>{t('fact.student')}</dt>
                  <dd>{studentName}</dd>
                </>
              )}
              <dt>{t('fact.date')}</dt>
              <dd>{when.date}</dd>
              <dt>{t('fact.time')}</dt>
              <dd>
                {when.time} <span className="muted">{zoneName(zone)}</span>
              </dd>
              <dt>{t('fact.duration')}</dt>
              <dd>{durationLabel(booking.durationMinutes)}</dd>
              <dt>{t('fact.price')}</dt>
              <dd>{ksh(booking.totalAmount)}</dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="live-attendance-title">
            <h2 id="live-attendance-title">{t('attendance')}</h2>
            {attendance.length === 0 ? (
              <p className="muted">{t('attendance.none')}</p>
            ) : (
              <ul role="list" className="live-attendance">
                {attendance.map((line) => (
                  <li key={line.key}>
                    <span className="live-attendee">{line.name}</span>{' '}
                    <span className="muted">
                      {t('attendance.line', { role: line.role, time: line.at })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <QuickActions />
        </div>
      </div>

      <Dialog
        open={confirmEnd}
        title={endDialog.title}
        description={endDialog.text}
        onClose={() => setConfirmEnd(false)}
      >
        <div className="actions">
          <Button variant="danger" busy={end.isPending} onClick={() => void endSession()}>
            {t('end')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirmEnd(false)}>
            {t('endDialog.keep')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
