// The client file the import benchmark uploads: N accounts of the demo clients, as a client would
// send them (their own column names, US dates, money with thousands separators), deterministic so two
// runs import the same rows.

/** Column headers of the generated file: a client's wording, left to the mapping's auto-suggestion. */
export const IMPORT_BENCH_HEADERS = ['Client No', 'File No', 'Status', 'Current Balance', 'Original Balance', 'Listed Date', 'Delinquency Date', 'ZIP', 'Operator'] as const;

const STATUSES = ['ACTIVE', 'PAYMENT_PLAN', 'NEW', 'SKIP_TRACE'] as const;
const CLIENTS = ['C-1001', 'C-2002'] as const;

/** The money text of a number of cents, as a spreadsheet exports it ("12,345.67"), without floating-point arithmetic. */
export function moneyText(cents: number): string {
  const whole = Math.floor(cents / 100).toLocaleString('en-US');
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

function usDate(dayNumber: number): string {
  const date = new Date(dayNumber * 86_400_000);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/** The CSV text of `rows` accounts (header line first, CRLF line ends, quoted where needed); file numbers start at `firstFile`. */
export function accountsCsv(rows: number, firstFile = 5_000_000): string {
  const lines: string[] = [IMPORT_BENCH_HEADERS.join(',')];
  const base = Date.UTC(2024, 0, 1) / 86_400_000;
  for (let i = 0; i < rows; i++) {
    // A small linear congruential sequence: varied but the same every run.
    const r = (i * 2_654_435_761) % 4_294_967_296;
    const cents = 10_000 + (r % 5_000_000);
    const listed = base + (r % 600);
    lines.push(
      [
        CLIENTS[i % CLIENTS.length],
        `B-${firstFile + i}`,
        STATUSES[r % STATUSES.length],
        `"${moneyText(cents)}"`,
        `"${moneyText(cents + (r % 100_000))}"`,
        usDate(listed),
        usDate(listed + 30 + (r % 200)),
        String(10_000 + (r % 89_999)).padStart(5, '0'),
        'import-bench',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
