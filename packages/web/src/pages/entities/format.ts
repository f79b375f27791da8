// How record values are shown in tables and detail lists.

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A value as text: dates readable, booleans as Yes/No, JSON compact, empty as an en dash. */
export function formatValue(value: unknown, kind: 'text' | 'money' | 'date' | 'datetime' | 'boolean' = 'text'): string {
  if (value === null || value === undefined || value === '') return '–';
  if (kind === 'money' && typeof value === 'number') return money.format(value);
  if (kind === 'boolean' || typeof value === 'boolean') return value === true ? 'Yes' : 'No';
  if (kind === 'date' && typeof value === 'string') {
    const date = new Date(`${value.slice(0, 10)}T00:00:00`);
    return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString();
  }
  if (kind === 'datetime' && (typeof value === 'string' || typeof value === 'number')) {
    const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
    return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString();
  }
  return textOf(value, JSON.stringify(value));
}

/** Money as dollars and cents. */
export function formatMoney(value: number): string {
  return money.format(value);
}

/** A field as plain text for labels and links: strings and numbers as they are, anything else `fallback`. */
export function textOf(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fallback;
}
