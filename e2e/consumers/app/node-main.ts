// The TypeScript consumer app run by Node: compiled by tsc in three projects (moduleResolution bundler,
// node16 and node10; strict, with no @types/node), then run. It imports the root and ./srp entry points
// and names the types of ./cognito and ./testing, so every resolution mode must find all four.
import { configure, confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut } from '@steward/auth-core';
import type { AuthSession } from '@steward/auth-core';
import type * as cognitoEntry from '@steward/auth-core/cognito';
import { SRP_N_HEX } from '@steward/auth-core/srp';
import type * as testingEntry from '@steward/auth-core/testing';

import { runSignInScenario } from './sign-in-scenario.js';
import type { ScenarioInput } from './sign-in-scenario.js';

/** Entry points the app only names, so that type-checking must resolve them. */
export type NamedEntryPoints = [typeof cognitoEntry, typeof testingEntry, AuthSession];

// No @types/node here on purpose (the package's types must not need it), so the one Node global the
// app reads, argv, is reached through globalThis.
const { argv } = (globalThis as unknown as { process: { argv: string[] } }).process;
const input = JSON.parse(argv[2] ?? '{}') as ScenarioInput;

// A rejection is left unhandled on purpose: Node then exits non-zero and the test shows the error.
void runSignInScenario({ configure, confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut }, input).then((report) => {
  console.log(JSON.stringify({ ...report, srpModulusBits: SRP_N_HEX.length * 4 }));
});
