import { Link } from 'react-router-dom';
import '../../ui/ui.css';

/** Something went wrong: /error-500, and what a render error shows instead of a blank screen. */
export function ServerErrorPage({ detail }: { detail?: string | undefined }) {
  return (
    <main className="status-page" aria-labelledby="server-error-title">
      <p className="status-page__code" aria-hidden="true">500</p>
      <h1 id="server-error-title">Something went wrong</h1>
      <p>Steward ran into a problem showing this page. Your data is safe.</p>
      {detail === undefined ? null : <p className="status-page__detail">{detail}</p>}
      <div className="status-page__actions">
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
