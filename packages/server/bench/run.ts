// `pnpm --filter @steward/server bench [name...] [-- options]`: runs the named benches, or all.
// Each bench prints its markdown and rewrites its own section of docs/benchmarks.md.

/** The benches by name; add new ones here. */
export const benches: Record<string, () => Promise<{ run: (args: readonly string[]) => Promise<void> }>> = {
  graphql: () => import('./graphql.bench.js'),
  'sign-in': () => import('./sign-in.bench.js'),
  desk: () => import('./desk.bench.js'),
  metrics: () => import('./metrics.bench.js'),
  audit: () => import('./audit.bench.js'),
  'user-import': () => import('./user-import.bench.js'),
};

const args = process.argv.slice(2);
const requested = args.filter((arg) => !arg.startsWith('-') && !arg.includes('='));
const options = args.filter((arg) => arg.startsWith('-') || arg.includes('='));
const unknown = requested.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${Object.keys(benches).join(', ')})`);
  process.exit(1);
}
for (const name of requested.length > 0 ? requested : Object.keys(benches)) {
  const load = benches[name];
  if (load === undefined) continue;
  const bench = await load();
  await bench.run(options);
}
