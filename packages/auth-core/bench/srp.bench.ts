// SRP client cost of one sign-in: A = g^a, the password authentication key and the claim
// signature, for the same fixed inputs, in auth-core, amazon-cognito-identity-js and aws-amplify v6
// (both libraries are devDependencies for this bench and the interop vectors only).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { ModPowEngine } from '../src/srp/index.js';
import {
  SRP_G,
  SRP_N,
  bytesToHex,
  computeClaimSignature,
  computeClaimSignatureAsync,
  computeClientEphemeral,
  computePasswordAuthenticationKey,
  computePasswordAuthenticationKeyAsync,
  computeServerEphemeral,
  createPasswordVerifier,
  createWindowedModPowEngine,
  defaultModPowEngine,
  modPowSquareMultiply,
  slidingWindowModPowEngine,
} from '../src/srp/index.js';

import { machineDescription, writeSection } from './benchmarks-doc.js';

const runs = 20;
const warmups = 3;

// --- fixed inputs ----------------------------------------------------------------------------
const seeded = (label: string, length: number): Buffer => {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 32 < length; i++) blocks.push(createHash('sha256').update(`${label}#${i}`).digest());
  return Buffer.concat(blocks).subarray(0, length);
};
const poolName = 'AbCdEf123';
const username = '3f0c2a1e-7b5d-4c8e-9a6f-1d2e3f4a5b6c';
const password = 'Correct-Horse-Battery-9';
const aHex = seeded('bench/a', 128).toString('hex');
const verifier = createPasswordVerifier({ poolName, username, password, salt: seeded('bench/salt', 16) });
const saltHex = verifier.saltHex;
const serverBHex = computeServerEphemeral({ verifierHex: verifier.verifierHex, b: BigInt(`0x${seeded('bench/b', 128).toString('hex')}`) }).srpBHex;
const secretBlockB64 = seeded('bench/secret-block', 1024).toString('base64');
const timestamp = 'Tue Nov 3 08:05:09 UTC 2026';

interface SignInResult {
  keyHex: string;
  signature: string;
}
interface Contender {
  name: string;
  signIn: () => SignInResult | Promise<SignInResult>;
}

// --- auth-core --------------------------------------------------------------------------------
function authCore(engine: ModPowEngine): () => SignInResult {
  return () => {
    const { a, A } = computeClientEphemeral(BigInt(`0x${aHex}`), { engine });
    const key = computePasswordAuthenticationKey({ poolName, username, password, saltHex, serverBHex, a, A, engine });
    return { keyHex: bytesToHex(key), signature: computeClaimSignature({ key, poolName, userIdForSrp: username, secretBlockB64, timestamp }) };
  };
}

/** What signIn runs in a browser: WebCrypto hashing (async) and sliding windows without the table for g. */
async function authCoreBrowserPath(): Promise<SignInResult> {
  const engine = slidingWindowModPowEngine;
  const { a, A } = computeClientEphemeral(BigInt(`0x${aHex}`), { engine });
  const key = await computePasswordAuthenticationKeyAsync({ poolName, username, password, saltHex, serverBHex, a, A, engine });
  return { keyHex: bytesToHex(key), signature: await computeClaimSignatureAsync({ key, poolName, userIdForSrp: username, secretBlockB64, timestamp }) };
}

// --- amazon-cognito-identity-js -----------------------------------------------------------------
interface Jsbn {
  toString(radix: number): string;
}
interface CognitoHelper {
  N: Jsbn;
  smallAValue: Jsbn;
  largeAValue: Jsbn | undefined;
  getLargeAValue(cb: (err: unknown, A: Jsbn) => void): void;
  getPasswordAuthenticationKey(u: string, p: string, B: Jsbn, salt: Jsbn, cb: (err: unknown, key: Uint8Array) => void): void;
}
interface AwsCryptoSha256 {
  update(data: Uint8Array): void;
  digestSync(): Uint8Array;
}

function identityJs(): Contender {
  const require = createRequire(import.meta.url);
  const library = require('amazon-cognito-identity-js') as { AuthenticationHelper: new (pool: string) => CognitoHelper };
  const libraryRequire = createRequire(require.resolve('amazon-cognito-identity-js/package.json'));
  // The HMAC the library's CognitoUser uses for PASSWORD_CLAIM_SIGNATURE.
  const { Sha256 } = libraryRequire('@aws-crypto/sha256-js') as { Sha256: new (secret?: Uint8Array) => AwsCryptoSha256 };
  const helper = new library.AuthenticationHelper(poolName);
  const BigInteger = helper.N.constructor as new (hex: string, radix: number) => Jsbn;
  const a = new BigInteger(aHex, 16);
  return {
    name: `amazon-cognito-identity-js ${(require('amazon-cognito-identity-js/package.json') as { version: string }).version}`,
    signIn: () => {
      helper.smallAValue = a;
      helper.largeAValue = undefined;
      helper.getLargeAValue(() => undefined);
      let key: Uint8Array | undefined;
      helper.getPasswordAuthenticationKey(username, password, new BigInteger(serverBHex, 16), new BigInteger(saltHex, 16), (_err, k) => {
        key = k;
      });
      if (key === undefined) throw new Error('amazon-cognito-identity-js did not derive a key');
      const mac = new Sha256(key);
      mac.update(Buffer.concat([Buffer.from(poolName), Buffer.from(username), Buffer.from(secretBlockB64, 'base64'), Buffer.from(timestamp)]));
      return { keyHex: Buffer.from(key).toString('hex'), signature: Buffer.from(mac.digestSync()).toString('base64') };
    },
  };
}

// --- aws-amplify v6 ---------------------------------------------------------------------------
// Its SRP helper is internal to @aws-amplify/auth (not in the package's exports map), so we load the
// published dist/esm files by path, resolving @aws-amplify/auth from aws-amplify's own location.
type AmplifyBigInteger = Jsbn;
interface AmplifyModules {
  BigInteger: new (hex: string, radix: number) => AmplifyBigInteger;
  INIT_N: string;
  calculateA(input: { a: AmplifyBigInteger; g: AmplifyBigInteger; N: AmplifyBigInteger }): Promise<AmplifyBigInteger>;
  AuthenticationHelper: new (input: { userPoolName: string; a: AmplifyBigInteger; g: AmplifyBigInteger; A: AmplifyBigInteger; N: AmplifyBigInteger }) => {
    getPasswordAuthenticationKey(input: { username: string; password: string; serverBValue: AmplifyBigInteger; salt: AmplifyBigInteger }): Promise<Uint8Array>;
  };
  getSignatureString(input: { userPoolName: string; username: string; challengeParameters: Record<string, string>; dateNow: string; hkdf: Uint8Array }): string;
}

async function amplify(): Promise<Contender> {
  const require = createRequire(import.meta.url);
  const amplifyPackage = require.resolve('aws-amplify/package.json');
  const authPackage = createRequire(amplifyPackage).resolve('@aws-amplify/auth/package.json');
  const srpDir = join(dirname(authPackage), 'dist/esm/providers/cognito/utils/srp');
  const load = async <T>(file: string) => (await import(pathToFileURL(join(srpDir, file)).href)) as T;
  const modules: AmplifyModules = {
    ...(await load<Pick<AmplifyModules, 'BigInteger'>>('BigInteger/index.mjs')),
    ...(await load<Pick<AmplifyModules, 'INIT_N'>>('constants.mjs')),
    ...(await load<Pick<AmplifyModules, 'calculateA'>>('calculate/index.mjs')),
    ...(await load<Pick<AmplifyModules, 'AuthenticationHelper'>>('AuthenticationHelper/index.mjs')),
    ...(await load<Pick<AmplifyModules, 'getSignatureString'>>('index.mjs')),
  };
  const { BigInteger } = modules;
  const N = new BigInteger(modules.INIT_N, 16);
  const g = new BigInteger('2', 16);
  const a = new BigInteger(aHex, 16);
  const version = (createRequire(amplifyPackage)('@aws-amplify/auth/package.json') as { version: string }).version;
  return {
    name: `aws-amplify 6 (@aws-amplify/auth ${version})`,
    signIn: async () => {
      const A = await modules.calculateA({ a, g, N });
      const helper = new modules.AuthenticationHelper({ userPoolName: poolName, a, g, A, N });
      const key = await helper.getPasswordAuthenticationKey({
        username,
        password,
        serverBValue: new BigInteger(serverBHex, 16),
        salt: new BigInteger(saltHex, 16),
      });
      const signature = modules.getSignatureString({ userPoolName: poolName, username, challengeParameters: { SECRET_BLOCK: secretBlockB64 }, dateNow: timestamp, hkdf: key });
      return { keyHex: Buffer.from(key).toString('hex'), signature };
    },
  };
}

// --- measurement --------------------------------------------------------------------------------
interface Timing {
  name: string;
  median: number;
  min: number;
  max: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function timeOnce(contender: Contender): Promise<number> {
  const start = performance.now();
  await contender.signIn();
  return performance.now() - start;
}

/** Runs the SRP client bench, prints a markdown table and writes it to docs/benchmarks.md. */
export async function run(): Promise<void> {
  // The first sign-in in a process also builds the table of powers of g: measure it on a fresh engine.
  const coldEngine = createWindowedModPowEngine({ fixedBases: [{ base: SRP_G, modulus: SRP_N }] });
  const coldStart = performance.now();
  authCore(coldEngine)();
  const coldMs = performance.now() - coldStart;

  const ours: Contender = { name: 'auth-core (windowed BigInt, fixed-base table for g)', signIn: authCore(defaultModPowEngine) };
  const plain: Contender = { name: 'plain square-and-multiply BigInt (auth-core with the reference engine)', signIn: authCore({ modPow: modPowSquareMultiply }) };
  const slidingOnly: Contender = { name: 'auth-core, sliding windows only (no table for g)', signIn: authCore(createWindowedModPowEngine()) };
  const browserPath: Contender = { name: "auth-core's browser path (what signIn runs: WebCrypto hashing, sliding windows)", signIn: authCoreBrowserPath };
  const libraries = [identityJs(), await amplify()];
  const contenders = [ours, slidingOnly, browserPath, plain, ...libraries];

  // Same inputs must give the same key and signature everywhere, or the comparison means nothing.
  const expected = await ours.signIn();
  for (const contender of contenders) {
    const result = await contender.signIn();
    if (result.keyHex !== expected.keyHex || result.signature !== expected.signature) {
      throw new Error(`${contender.name} disagrees: ${JSON.stringify(result)} vs ${JSON.stringify(expected)}`);
    }
  }

  for (let i = 0; i < warmups; i++) for (const contender of contenders) await timeOnce(contender);
  const samples = new Map<Contender, number[]>(contenders.map((c) => [c, []]));
  // Round-robin so drift (GC, frequency changes) spreads evenly over the contenders.
  for (let round = 0; round < runs; round++) {
    for (const contender of contenders) samples.get(contender)!.push(await timeOnce(contender));
  }
  const timings: Timing[] = contenders.map((c) => {
    const values = samples.get(c)!;
    return { name: c.name, median: median(values), min: Math.min(...values), max: Math.max(...values) };
  });

  const timingOf = (contender: Contender): Timing => timings[contenders.indexOf(contender)];
  const ourMedian = timingOf(ours).median;
  const fasterLibrary = libraries.map(timingOf).reduce((best, t) => (t.median < best.median ? t : best));
  const plainTiming = timingOf(plain);
  const browserTiming = timingOf(browserPath);
  const fmt = (ms: number) => ms.toFixed(1);
  const table = [
    '| Client | Median (ms) | Min (ms) | Max (ms) | Time vs auth-core |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...timings.map((t) => `| ${t.name} | ${fmt(t.median)} | ${fmt(t.min)} | ${fmt(t.max)} | ${(t.median / ourMedian).toFixed(1)}x |`),
  ].join('\n');
  const body = [
    'One SRP sign-in on the client: A = g^a mod N, the password authentication key (HKDF of S) and PASSWORD_CLAIM_SIGNATURE,',
    `for the same fixed inputs in every client (checked to give identical keys and signatures), ${runs} round-robin runs after ${warmups} warm-ups.`,
    '',
    machineDescription(),
    '',
    table,
    '',
    `- auth-core is **${(fasterLibrary.median / ourMedian).toFixed(1)}x** faster than the faster library (${fasterLibrary.name}); the goal is at least 5x.`,
    `- In a browser signIn runs the WebCrypto path (no hash library in the bundle, and no table for g: a page signs in about once, and building the table costs about what it saves): ${fmt(browserTiming.median)} ms, **${(fasterLibrary.median / browserTiming.median).toFixed(1)}x** faster than the faster library.`,
    `- Against plain square-and-multiply on native BigInt, the windowed exponentiation is ${(plainTiming.median / ourMedian).toFixed(1)}x faster (${fmt(plainTiming.median)} ms vs ${fmt(ourMedian)} ms).`,
    `- The first sign-in of a process (cold JIT, and building the table of powers of g, about one exponentiation) took ${fmt(coldMs)} ms on a fresh engine.`,
    '- Run with `pnpm --filter @steward/auth-core bench srp`.',
  ].join('\n');
  console.log(`\n## auth-core: SRP client\n\n${body}\n`);
  const path = writeSection('## auth-core: SRP client', body);
  console.log(`updated ${path}`);
}
