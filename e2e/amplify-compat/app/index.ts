// The app's auth code, loaded by the compatibility suite once per library (see ../compat-targets.ts).
export * from './account.js';
export * from './auth-events.js';
export * from './configure.js';
export * from './custom-providers.js';
export * from './error-handling.js';
export * from './errors.js';
export * from './managed-login.js';
export * from './onboarding.js';
export * from './ports.js';
export * from './security.js';
export * from './session.js';
