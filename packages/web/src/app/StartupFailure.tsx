import type { WebError } from './web-errors';
import './app.css';
import '../ui/ui.css';

/** Shown when the app cannot start (no runtime configuration): what happened and what to do. */
export function StartupFailure({ error }: { error: WebError }) {
  return (
    <main className="status-page" aria-labelledby="startup-failure-title">
      <h1 id="startup-failure-title">Steward cannot start</h1>
      <p role="alert">{error.message}</p>
      <p>{error.recoverySuggestion}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
