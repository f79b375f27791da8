// Entry point: read /runtime-config.json, configure the clients, then render the app.
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configureAuth } from './app/configure-clients';
import { createAuthPort, createDataPort, loadAuthFlowsOnFirstInteraction, storedSignInWaiting } from './app/default-ports';
import { loadRuntimeConfig } from './app/runtime-config';
import { finishHostedSignIn, useHostedSignInStore } from './auth/hosted-sign-in';
import { StartupFailure } from './app/StartupFailure';
import { WebError } from './app/web-errors';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig(window.fetch.bind(window));
    configureAuth(config);
    // A sign-in left waiting by a reload is resumed by auth-core's sign-in machine: fetch it now, and only then.
    const pendingSignIn = await storedSignInWaiting().catch(() => true);
    if (pendingSignIn) void import('./auth/ResumeSignIn').catch(() => undefined);
    const services = {
      auth: createAuthPort({ pendingSignIn }),
      data: createDataPort(() => import('./app/data-client-loader').then((m) => m.loadDataClient(config.graphqlEndpoint))),
      config,
      loadAccountPort: () => import('./pages/settings/account-port').then((m) => m.createAccountPort()),
      fetch: window.fetch.bind(window),
    };
    // Back from the hosted sign-in page: finish before the router sees the address (a protected
    // route would otherwise send the visitor to /login and lose the code).
    const returned = await finishHostedSignIn(services, window.location.origin);
    if (returned.kind === 'signed-in') window.history.replaceState(null, '', returned.next);
    if (returned.kind === 'failed') {
      useHostedSignInStore.setState({ error: returned.error });
      window.history.replaceState(null, '', '/login');
    }
    root.render(<App services={services} />);
    // Fetch the sign-in machinery once the visitor starts typing or pointing, not with the first screen.
    loadAuthFlowsOnFirstInteraction(window);
  } catch (error) {
    const failure = error instanceof WebError ? error : new WebError('RuntimeConfigInvalid', { message: error instanceof Error ? error.message : String(error), cause: error });
    root.render(<StartupFailure error={failure} />);
  }
}

void start();
