// The property tests' own reading of local time, written apart from the engine's (which samples
// offsets and bisects transitions): Intl's formatter, asked directly for each instant.

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** The local date (as days since 1970-01-01 and as 'YYYY-MM-DD') and 'HH:MM' of instant `t` in `zone`. */
export function localOf(t: number, zone: string): { day: number; date: string; hhmm: string } {
  let format = formats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  return { day: Date.parse(`${date}T00:00:00Z`) / DAY_MS, date, hhmm: `${p.hour}:${p.minute}` };
}
