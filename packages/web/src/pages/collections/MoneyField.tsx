// A money input: dollars typed as people write them ("1,234.50", "$20"), read digit by digit into
// integer cents by @steward/collections (never through a float); the error sits under the field.
import { MoneyError, parseDollarsToCents } from '@steward/collections';
import { TextField } from '../../ui/TextField';

/** What a typed amount means: whole cents, or why it cannot be read (null error while empty). */
export interface ReadMoney {
  readonly cents: number | null;
  readonly error: string | null;
}

/** Reads typed dollars; `positive` refuses zero and negative amounts. */
export function readMoney(text: string, options: { readonly positive?: boolean } = {}): ReadMoney {
  if (text.trim() === '') return { cents: null, error: null };
  let cents: number;
  try {
    cents = parseDollarsToCents(text);
  } catch (error) {
    const message = error instanceof MoneyError || error instanceof Error ? error.message : 'Not an amount';
    return { cents: null, error: `Enter an amount in dollars and cents, e.g. 125.50 (${message}).` };
  }
  if (options.positive === true && cents <= 0) return { cents: null, error: 'Enter an amount above $0.00.' };
  return { cents, error: null };
}

/** The money field: a text input with a decimal keyboard on phones. */
export function MoneyField({ label, value, onChange, error, hint }: { label: string; value: string; onChange: (text: string) => void; error?: string | null; hint?: string }) {
  return <TextField label={label} value={value} inputMode="decimal" autoComplete="off" placeholder="0.00" onChange={(event) => onChange(event.target.value)} error={error} hint={hint} />;
}
