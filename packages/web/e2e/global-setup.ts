// Vitest global setup of the e2e suite: one real server for all files; tests get its URL via inject().
import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A folder of this run, for what test files share (the demo users' authenticators). */
    e2eStateDir: string;
  }
}

/** Vitest global setup (named `setup`): start the server, provide its URL; the returned function stops it. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // On localhost so passkeys work (WebAuthn refuses IP-address relying parties); every file shares it.
  const server = await startServer({ publicHost: 'localhost' });
  project.provide('baseUrl', server.baseUrl);
  const stateDir = mkdtempSync(path.join(tmpdir(), 'steward-e2e-state-'));
  project.provide('e2eStateDir', stateDir);
  return async () => {
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
