// `Amplify` as an aws-amplify v6 app imports it: `Amplify.configure(config)` and `Amplify.getConfig()`
// over auth-core's default runtime, so `import { Amplify } from 'aws-amplify'` only changes its source.
import { toResourcesConfig } from '../config/amplify-config.js';
import type { ResourcesConfig } from '../config/amplify-config.js';
import { configure, findAuthRuntime } from './auth-runtime.js';

/** The configuration configure() holds, in aws-amplify v6's shape (`{ Auth: { Cognito: … } }`); `{}` before configure(), as Amplify. */
export function getConfig(): ResourcesConfig {
  const runtime = findAuthRuntime();
  return runtime === undefined ? {} : toResourcesConfig(runtime.config);
}

/** aws-amplify v6's `Amplify` singleton, as far as auth goes: its configure is auth-core's configure(). */
export const Amplify: { configure: typeof configure; getConfig: typeof getConfig } = { configure, getConfig };
