// Loads the compatibility suite's app code once per library in one Vitest process. The app imports
// `compat-auth`, `compat-auth/cognito` and `compat-core` as an Amplify app imports aws-amplify/auth,
// aws-amplify/auth/cognito and aws-amplify; a test imports `app/index.ts?compat=amplify` or
// `?compat=auth-core`, and this plugin resolves those names (and the app's own relative imports,
// which keep the query, so each library gets its own copy of the app) for that library.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const APP_DIR = `${path.join(HERE, 'app')}${path.sep}`;

/** The libraries the app runs on, and what each alias means for it (the same mapping as the two tsconfig.app-*.json). */
export const COMPAT_TARGETS = {
  amplify: {
    'compat-auth': 'aws-amplify/auth',
    'compat-auth/cognito': 'aws-amplify/auth/cognito',
    'compat-core': path.join(HERE, 'targets/amplify.ts'),
  },
  'auth-core': {
    'compat-auth': '@steward/auth-core',
    'compat-auth/cognito': '@steward/auth-core/cognito',
    'compat-core': path.join(HERE, 'targets/auth-core.ts'),
  },
} as const;

/** A library the app runs on. */
export type CompatTarget = keyof typeof COMPAT_TARGETS;

function targetOf(id: string | undefined): CompatTarget | undefined {
  const name = id === undefined ? undefined : /[?&]compat=([\w-]+)/.exec(id)?.[1];
  return name === 'amplify' || name === 'auth-core' ? name : undefined;
}

/** The Vite plugin: resolves the aliases for modules loaded with `?compat=<target>`, and only for those. */
export function compatTargets(): Plugin {
  return {
    name: 'steward-amplify-compat-targets',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = targetOf(importer);
      if (target === undefined) return null;
      const aliases: Record<string, string> = COMPAT_TARGETS[target];
      const mapped = aliases[source];
      if (mapped !== undefined) return this.resolve(mapped, importer, { ...options, skipSelf: true });
      if (!source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // The app's own modules are loaded per target: a copy of the app per library.
      if (resolved !== null && resolved.id.startsWith(APP_DIR) && targetOf(resolved.id) === undefined) return { ...resolved, id: `${resolved.id}?compat=${target}` };
      return resolved;
    },
  };
}
