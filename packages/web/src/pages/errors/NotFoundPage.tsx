import { Link } from 'react-router-dom';
import { useSessionStore } from '../../stores/session-store';
import '../../ui/ui.css';

/** Page not found: /not-found and every unknown path. */
export function NotFoundPage() {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  return (
    <main className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <Link className="button button--primary" to={signedIn ? '/' : '/login'}>
        {signedIn ? 'Go to the home page' : 'Go to sign in'}
      </Link>
    </main>
  );
}
