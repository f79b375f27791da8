import type { ReactNode } from 'react';
import type { CodeTable } from './code-tables';
import type { EntityRow } from './entity-access';
import { formatValue } from './format';
import type { ValueKind } from './format';
import { useCurrency } from './use-currency';

/** One line of a detail view. */
export interface DetailField {
  key: string;
  label: string;
  kind?: ValueKind;
  /** The code table of a coded field: shows its label. */
  codes?: CodeTable;
  render?: (row: EntityRow) => ReactNode;
}

/** A record's fields as a definition list. */
export function EntityDetails({ row, fields }: { row: EntityRow; fields: readonly DetailField[] }) {
  const currency = useCurrency();
  return (
    <dl className="details">
      {fields.map((field) => (
        <div key={field.key} style={{ display: 'contents' }}>
          <dt>{field.label}</dt>
          <dd>{field.render === undefined ? formatValue(row[field.key], field.kind, { currency, ...(field.codes === undefined ? {} : { codes: field.codes }) }) : field.render(row)}</dd>
        </div>
      ))}
    </dl>
  );
}
