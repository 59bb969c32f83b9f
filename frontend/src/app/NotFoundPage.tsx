import { Link } from 'react-router-dom';
import { paths } from '../shared/paths';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { buttonClass } from '../shared/ui/Button';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="centered-page" id="main">
      <div className="card narrow center">
        <p className="big-number" aria-hidden="true">
          404
        </p>
        <h1>Oops! Page not found</h1>
        <p>The page you are looking for doesn't exist or has moved.</p>
        <Link to={paths.home} className={buttonClass('primary')}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
