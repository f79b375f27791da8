// The Vite consumer app: a page bundled from the installed tarball and served by the Steward server as
// its web app, so the SRP sign-in runs in Chromium on the page's own origin (a secure context:
// crypto.subtle) with the package's browser defaults (localStorage, document.cookie).
import { configure, confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut } from '@steward/auth-core';
import { SRP_N_HEX } from '@steward/auth-core/srp';

import { runSignInScenario } from './sign-in-scenario.js';
import type { ScenarioInput, ScenarioReport } from './sign-in-scenario.js';

/** What the page adds to `window` for the test to call. */
export interface ConsumerPageWindow {
  signInScenario(input: ScenarioInput): Promise<ScenarioReport & { srpModulusBits: number; secureContext: boolean }>;
}

const consumerWindow = window as unknown as ConsumerPageWindow;
consumerWindow.signInScenario = async (input) => ({
  ...(await runSignInScenario({ configure, confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut }, input)),
  srpModulusBits: SRP_N_HEX.length * 4,
  secureContext: window.isSecureContext,
});
document.body.dataset.ready = 'true';
