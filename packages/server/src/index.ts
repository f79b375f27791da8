// The server's public entry: start a whole server in-process (tests of other packages, embedding).
export { startServer, type RunningServer } from './server.js';
export { buildApp, type AppDependencies } from './app.js';
export { loadConfig, ConfigError, type Config } from './config/config.js';
export type { SeedResult, DemoUser } from './seed/seed.js';
