/**
 * "View certificate" on a course page once the signed-in learner has earned it. The certificate
 * is issued by an event consumer a moment after the last lesson is done, so a completed course
 * without one yet asks again every 2 s (at most a minute) and says it is on its way.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { useLearnerScope } from '../households';
import { myCertificatesQuery } from './api';
import { useCertificateText } from './text';

const POLL_MS = 2000;
const MAX_POLLS = 30;

export function CertificateLink({ courseId, completed }: { courseId: string; completed: boolean }) {
  const t = useCertificateText();
  const scope = useLearnerScope();
  const mine = useQuery({
    ...myCertificatesQuery(scope.learnerId),
    enabled: scope.ready,
    refetchInterval: (query) => {
      const found = query.state.data?.certificates.some((c) => c.courseId === courseId);
      return completed && !found && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false;
    },
  });
  const cert = mine.data?.certificates.find((c) => c.courseId === courseId);
  if (!cert) return completed && mine.isSuccess ? <p className="muted" role="status">{t('link.onItsWay')}</p> : null;
  return <Link to={paths.certificate(cert.code)} className={buttonClass('accent')}>{t('link.view')}</Link>;
}
