import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * The last line of defence around the router: a render error outside any route still shows a
 * readable page (plain markup, since the router itself may be what failed).
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Steward failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="status-page" aria-labelledby="fatal-title">
        <p className="status-page__code" aria-hidden="true">500</p>
        <h1 id="fatal-title">Something went wrong</h1>
        <p>Steward ran into a problem. Reloading the page usually fixes it.</p>
        <a className="button button--primary" href="/">
          Reload Steward
        </a>
      </main>
    );
  }
}
