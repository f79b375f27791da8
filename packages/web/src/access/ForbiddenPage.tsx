import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import '../ui/ui.css';

/** The page a signed-in user sees on a route their role may not open (instead of a form that fails on submit). */
export function ForbiddenPage() {
  useEffect(() => {
    document.title = 'No access · Steward';
  }, []);
  // A section, not <main>: it renders inside the shell's main landmark.
  return (
    <section className="status-page" aria-labelledby="forbidden-title">
      <p className="status-page__code" aria-hidden="true">403</p>
      <h1 id="forbidden-title">You don&apos;t have access to this page</h1>
      <p>Your account does not include this part of Steward. If you need it for your work, ask an administrator to change your access.</p>
      <div className="status-page__actions">
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
