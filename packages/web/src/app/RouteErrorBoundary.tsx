import { Component, Suspense, lazy } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../ui/Spinner';

// Lazy like every route, so the error page stays a chunk of its own.
const ServerErrorPage = lazy(() => import('../pages/errors/ServerErrorPage').then((m) => ({ default: m.ServerErrorPage })));

interface Props {
  children: ReactNode;
  /** The error page is dropped when this changes (the user navigated away). */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** Shows the error-500 page for a render error below it, instead of a blank screen. */
class ErrorBoundaryForRoute extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    // A chunk that fails to load after a redeploy is the commonest cause: say so.
    const chunkFailed = /dynamically imported module|Failed to fetch|Importing a module script failed/i.test(this.state.error.message);
    return (
      <Suspense fallback={<FullScreenSpinner label="Loading" />}>
        <ServerErrorPage detail={chunkFailed ? 'A part of the app could not be loaded. Reloading usually fixes this.' : undefined} />
      </Suspense>
    );
  }
}

/** The error boundary of a route area, reset when the path changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundaryForRoute resetKey={location.pathname}>{children}</ErrorBoundaryForRoute>;
}
