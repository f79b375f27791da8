// Times batchUpsertAccountMdls with 1 000 rows over HTTP on both databases: a first batch (all
// created), the same again (all unchanged) and one with every row changed (all updated).
// `pnpm --filter @steward/server exec tsx --conditions=steward-source bench/batch-upsert.ts`
import { BACKENDS, makeUser, startDataApi } from '../test/graphql/data-api-harness.js';

const MUTATION = 'mutation ($input: [CreateAccountMdlInput!]!) { batchUpsertAccountMdls(input: $input) { created updated unchanged } }';
const ROWS = 1000;
const ROUNDS = 5;

/** The benchmark's rows: client C-1, file numbers from `from`, the given status. */
function rows(from: number, status: string): Record<string, unknown>[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    clientNumber: 'C-1',
    fileNumber: `F-${from + i}`,
    accountStatus: status,
    currentUpb: 1000 + i * 0.5,
    listedDate: '2024-05-01',
    zipCode: '10001',
    operator: 'bench',
    tuScore: 600 + (i % 200),
  }));
}

for (const backend of BACKENDS) {
  const h = await startDataApi(backend);
  try {
    const staff = await makeUser(h, 'bench-staff', { userType: 'staff' });
    await h.gql(staff.token, 'mutation { createClientMdl(input: { clientNumber: "C-1", clientName: "Bench" }) { id } }');
    const timings: Record<string, number[]> = { created: [], unchanged: [], updated: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const from = round * ROWS;
      for (const [kind, batch] of [
        ['created', rows(from, 'ACTIVE')],
        ['unchanged', rows(from, 'ACTIVE')],
        ['updated', rows(from, 'CLOSED')],
      ] as const) {
        const started = performance.now();
        const res = await h.gql<{ batchUpsertAccountMdls: Record<string, number> }>(staff.token, MUTATION, { input: batch });
        timings[kind]?.push(performance.now() - started);
        if (res.body.data?.batchUpsertAccountMdls[kind] !== ROWS) throw new Error(`unexpected answer: ${JSON.stringify(res.body).slice(0, 500)}`);
      }
    }
    const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    console.log(`${backend}: ${ROWS} rows per batch, median of ${ROUNDS} (ms): ${Object.entries(timings).map(([k, v]) => `${k} ${median(v).toFixed(1)}`).join(', ')}`);
  } finally {
    await h.close();
  }
}
