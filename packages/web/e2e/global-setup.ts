// Vitest global setup of the e2e suite: one real server for all files; tests get its URL via inject().
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Vitest global setup (named `setup`): start the server, provide its URL; the returned function stops it. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // On localhost so passkeys work (WebAuthn refuses IP-address relying parties); every file shares it.
  const server = await startServer({ publicHost: 'localhost' });
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
