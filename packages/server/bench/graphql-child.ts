// Starts one of the data API benchmark's servers as a child process (so the load generator does not
// share its event loop), waits for its "ready" message, and reads its CPU use around a measured run.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A running bench server. */
export interface BenchChild<Ready> {
  readonly ready: Ready;
  /** The child's CPU time so far (user + system), ms. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/** What every bench server answers to "cpu". */
export interface CpuReport {
  readonly kind: 'cpu';
  readonly usage: NodeJS.CpuUsage;
}

/** The protocol of a bench server: answer "cpu" with a CpuReport, exit on "stop". */
export function serveBenchProtocol(stop: () => Promise<void>): void {
  process.on('message', (message: unknown) => {
    if (message === 'cpu') process.send?.({ kind: 'cpu', usage: process.cpuUsage() } satisfies CpuReport);
    if (message === 'stop') {
      void stop()
        .catch((error: unknown) => console.error(error))
        .then(() => process.exit(0));
    }
  });
}

/** Forks `file` (a bench/*.ts module), sends it `request`, and resolves once it reports ready. */
export async function startBenchChild<Ready>(file: string, request: unknown): Promise<BenchChild<Ready>> {
  const profile = process.env.BENCH_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`];
  // Servers run as deployed: NODE_ENV=production spares graphql-js (ours and PostGraphile's) its development checks.
  const child: ChildProcess = fork(path.join(here, file), [], {
    execArgv: ['--conditions=steward-source', '--import', 'tsx', ...profile],
    env: { ...process.env, NODE_ENV: process.env.BENCH_NODE_ENV ?? 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    child.send(request as object);
  });
  child.removeAllListeners('exit');
  return {
    ready,
    cpuMs: () =>
      new Promise<number>((resolve) => {
        const onMessage = (m: unknown): void => {
          const report = m as Partial<CpuReport>;
          if (report.kind !== 'cpu' || report.usage === undefined) return;
          child.off('message', onMessage);
          resolve((report.usage.user + report.usage.system) / 1000);
        };
        child.on('message', onMessage);
        child.send('cpu');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}
