// The server's public entry: start a whole server in-process (tests of other packages, embedding).
export { startServer, type RunningServer, type ServerDependencies } from './server.js';
export { JobQueue, type Job, type ClaimedJob, type EnqueueRequest } from './jobs/job-queue.js';
export { JobRunner, type JobHandler, type JobHandlers } from './jobs/job-runner.js';
export { buildApp, type AppDependencies } from './app.js';
export { loadConfig, ConfigError, type Config } from './config/config.js';
export type { SeedResult, DemoUser } from './seed/seed.js';
