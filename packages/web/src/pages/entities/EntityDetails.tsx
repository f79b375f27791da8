import type { ReactNode } from 'react';
import type { EntityRow } from './entity-access';
import { formatValue } from './format';

/** One line of a detail view. */
export interface DetailField {
  key: string;
  label: string;
  kind?: 'text' | 'money' | 'date' | 'datetime' | 'boolean';
  render?: (row: EntityRow) => ReactNode;
}

/** A record's fields as a definition list. */
export function EntityDetails({ row, fields }: { row: EntityRow; fields: readonly DetailField[] }) {
  return (
    <dl className="details">
      {fields.map((field) => (
        <div key={field.key} style={{ display: 'contents' }}>
          <dt>{field.label}</dt>
          <dd>{field.render === undefined ? formatValue(row[field.key], field.kind) : field.render(row)}</dd>
        </div>
      ))}
    </dl>
  );
}
