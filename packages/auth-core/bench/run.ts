// `pnpm --filter @steward/auth-core bench [name...]`: runs the named benches, or all of them.
// Each bench prints its own markdown and updates its section of docs/benchmarks.md.

/** The benches by name; add new ones here. */
export const benches: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  srp: () => import('./srp.bench.js'),
  bundle: () => import('./bundle.bench.js'),
};

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${Object.keys(benches).join(', ')})`);
  process.exit(1);
}

for (const name of requested.length > 0 ? requested : Object.keys(benches)) {
  const bench = await benches[name]();
  await bench.run();
}
