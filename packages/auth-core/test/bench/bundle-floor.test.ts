// The bundle bench's floor helpers: the error definitions it derives from the full app must be the ones
// signIn and friends really keep, and the floor must hold them (and stay below the full app).
import { beforeAll, describe, expect, it } from 'vitest';

import {
  countDefinitions,
  features,
  isErrorModule,
  keptErrorDefinitions,
  leaveOut,
  measureApp,
  measureFeatureCosts,
  measureFloor,
  measureSource,
  survivingExports,
} from '../../bench/bundle.bench.js';
import type { BundleSizes, ModuleExports } from '../../bench/bundle.bench.js';

const namesIn = (kept: readonly ModuleExports[], module: string): string[] => kept.find((entry) => entry.module === module)?.names ?? [];

describe('survivingExports', () => {
  const output = [
    '// src/a.ts',
    'var Shared = define("Shared");',
    'function helper() {}',
    '',
    '// src/b.ts',
    'var Shared2 = /* @__PURE__ */ wrap(Shared);',
    'var Local = class {',
    '  Dropped = 1;',
    '};',
    'export { Local };',
  ].join('\n');
  const modules = new Set(['src/a.ts', 'src/b.ts']);

  it('reads only the module’s own section and maps esbuild’s digit-suffixed renames back', () => {
    expect(survivingExports(output, modules, 'src/b.ts', ['Shared', 'Local', 'Dropped', 'Gone'])).toEqual(['Shared', 'Local']);
    expect(survivingExports(output, modules, 'src/a.ts', ['Shared', 'helper', 'Local'])).toEqual(['Shared', 'helper']);
  });

  it('keeps nothing of a module the bundle does not contain', () => {
    expect(survivingExports(output, modules, 'src/c.ts', ['Shared'])).toEqual([]);
  });
});

describe('isErrorModule', () => {
  it('picks src/errors/ and the SRP errors, not tests or other modules', () => {
    expect(isErrorModule('src/errors/catalogue.ts')).toBe(true);
    expect(isErrorModule('src/srp/errors.ts')).toBe(true);
    expect(isErrorModule('src/errors/auth-errors.test.ts')).toBe(false);
    expect(isErrorModule('src/srp/client.ts')).toBe(false);
  });
});

describe('the floor of the five-function app', () => {
  let full: BundleSizes;
  let errors: ModuleExports[];

  beforeAll(async () => {
    full = await measureApp('auth-core');
    errors = await keptErrorDefinitions(full);
  }, 60_000);

  it('keeps the definitions signIn raises and drops the sign-up-only ones', () => {
    const catalogue = namesIn(errors, 'src/errors/catalogue.ts');
    expect(catalogue).toContain('UserAlreadyAuthenticatedException');
    expect(catalogue).toContain('EmptySignInUsername');
    expect(catalogue).not.toContain('EmptySignUpUsername');
    expect(catalogue).not.toContain('AUTH_ERROR_CATALOGUE');
    expect(namesIn(errors, 'src/errors/auth-errors.ts')).toContain('UserAlreadyAuthenticatedException');
  });

  it('counts only catalogue rows as definitions', async () => {
    const rows = await countDefinitions(errors);
    expect(rows).toBeGreaterThan(0);
    // COGNITO_ERROR_CATALOGUE and cognitoCatalogueEntry are kept too, but are not rows.
    expect(rows).toBeLessThan(namesIn(errors, 'src/errors/catalogue.ts').length);
  });

  it('holds exactly the kept error definitions and is smaller than the full app', async () => {
    // measureFloor throws when the floor keeps other error definitions or SRP exports than the full app.
    const floor = await measureFloor(full);
    expect(floor.parts.errors).toEqual(errors);
    expect(floor.parts.transport.flatMap((entry) => entry.names)).toContain('callUserPool');
    expect(floor.sizes.gzip).toBeLessThan(full.gzip);
  }, 60_000);
});

describe('what each run-time feature costs', () => {
  let full: BundleSizes;

  beforeAll(async () => {
    full = await measureApp('auth-core');
  }, 60_000);

  it('prices the features the five-function app contains, each saving bytes, all at once saving the most', async () => {
    const costs = await measureFeatureCosts(full);
    const inputs = Object.keys(full.metafile.inputs);
    expect(costs.each.length).toBeGreaterThan(features.length / 2);
    for (const feature of costs.each) {
      for (const module of feature.modules) expect(inputs, `${feature.label}: ${module}`).toContain(module);
      expect(feature.minified, feature.label).toBeGreaterThan(0);
      expect(full.gzip - costs.without.gzip).toBeGreaterThanOrEqual(feature.gzip);
    }
  }, 120_000);

  it('leaves a module’s code out but keeps its callers', async () => {
    const app = "import { configure, signIn } from './src/index.ts';\nexport { configure, signIn };";
    const withHub = await measureSource('probe', app);
    const withoutHub = await measureSource('probe', app, [await leaveOut(['src/events/auth-hub.ts'])]);
    expect(withHub.unminified).toContain("only carries the 'auth' channel");
    expect(withoutHub.unminified).not.toContain("only carries the 'auth' channel");
    expect(withoutHub.unminified).toContain('left-out createAuthHub');
    expect(withoutHub.minified).toBeLessThan(withHub.minified);
  }, 60_000);
});
