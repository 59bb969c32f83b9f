import { Link } from 'react-router-dom';
import { paths } from '../shared/paths';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { buttonClass } from '../shared/ui/Button';
import { PageShell } from '../shared/ui/PageShell';
import { SiteHeader } from '../shared/ui/SiteHeader';
import { useAppText } from './text';

export function NotFoundPage() {
  const t = useAppText();
  useDocumentTitle(t('notFound.title'));
  return (
    <PageShell header={<SiteHeader />} className="centered-page">
      <div className="card narrow center">
        <p className="big-number" aria-hidden="true">
          404
        </p>
        <h1>{t('notFound.heading')}</h1>
        <p>{t('notFound.text')}</p>
        <Link to={paths.home} className={buttonClass('primary')}>
          {t('notFound.home')}
        </Link>
      </div>
    </PageShell>
  );
}
