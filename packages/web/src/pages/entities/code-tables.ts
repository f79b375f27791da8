// Code tables: the codes a field holds in the data, each with the words people read. Filters offer
// a table's codes (so a chosen option always matches stored data) and cells show its labels.

/** A code table: stored code → label, in the order options are offered. */
export type CodeTable = Readonly<Record<string, string>>;

/** One option of a select built from a code table. */
export interface CodeOption {
  readonly value: string;
  readonly label: string;
}

/** The label of `code`; an unknown code is shown as it is stored, so nothing is hidden. */
export function labelOf(table: CodeTable, code: unknown): string {
  if (typeof code !== 'string' || code === '') return '–';
  return Object.hasOwn(table, code) ? (table[code] ?? code) : code;
}

/** The select options of a code table: the stored codes as values, their labels as text. */
export function optionsOf(table: CodeTable): CodeOption[] {
  return Object.entries(table).map(([value, label]) => ({ value, label }));
}
