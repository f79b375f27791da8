// The mapping step: a saved mapping or one column-by-column (suggested from the headers), saved as
// a MappingMdl, with the first rows shown as they will be stored.
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../ui/Button';
import { LiveRegion } from '../../../ui/LiveRegion';
import { TextField } from '../../../ui/TextField';
import { describeDataError } from '../../entities/data-errors';
import type { SavedMappingRow } from './import-data';
import { fieldOf } from './import-targets';
import type { EntitySpec } from './import-targets';
import { createRowValidator } from './validate-rows';

/** Props of the mapping step. */
export interface MappingEditorProps {
  spec: EntitySpec;
  headers: readonly string[];
  /** The first data rows, for samples and the preview. */
  sample: readonly (readonly string[])[];
  mapping: Readonly<Record<string, string>>;
  onChange: (mapping: Record<string, string>) => void;
  missing: readonly string[];
  twice: readonly string[];
  savedMappings: readonly SavedMappingRow[];
  chosen: SavedMappingRow | null;
  onPick: (row: SavedMappingRow | null) => void;
  onSave: (name: string) => Promise<void>;
  allowedClients: ReadonlySet<string> | ReadonlyMap<string, string> | null;
  excelSerials: boolean;
  disabled: boolean;
}

const PREVIEW_ROWS = 10;

/** The column-to-field mapping of the file, its preview and saving it. */
export function MappingEditor(props: MappingEditorProps) {
  const { spec, headers, mapping, onChange, missing, twice } = props;
  const pickId = useId();
  const [name, setName] = useState(props.chosen?.mapName ?? '');
  const [saving, setSaving] = useState(false);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const labelOf = (field: string): string => fieldOf(spec, field)?.label ?? field;

  const preview = useMemo(() => {
    if (props.allowedClients === null) return null;
    const validator = createRowValidator({ spec, headers, mapping, allowedClients: props.allowedClients, excelSerials: props.excelSerials });
    return props.sample.slice(0, PREVIEW_ROWS).map((cells, index) => validator.validate(cells, index + 1));
  }, [spec, headers, mapping, props.allowedClients, props.excelSerials, props.sample]);
  const mappedFields = spec.fields.filter((target) => Object.values(mapping).includes(target.name));

  const save = async (): Promise<void> => {
    setSaveProblem(null);
    if (name.trim() === '') {
      setSaveProblem('Give the mapping a name.');
      return;
    }
    setSaving(true);
    try {
      await props.onSave(name.trim());
    } catch (failure) {
      setSaveProblem(describeDataError(failure).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="import__mapping">
      <h3>Columns</h3>
      <div className="field">
        <label className="field__label" htmlFor={pickId}>
          Saved mapping
        </label>
        <select
          id={pickId}
          className="select"
          value={props.chosen?.id ?? ''}
          disabled={props.disabled}
          onChange={(event) => {
            const row = props.savedMappings.find((candidate) => candidate.id === event.target.value) ?? null;
            if (row !== null) setName(row.mapName);
            props.onPick(row);
          }}
        >
          <option value="">Suggested from the column names</option>
          {props.savedMappings.map((row) => (
            <option key={row.id} value={row.id}>
              {row.mapName}
            </option>
          ))}
        </select>
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Which field each column of the file goes to</caption>
          <thead>
            <tr>
              <th scope="col">Column in the file</th>
              <th scope="col">First value</th>
              <th scope="col">Field</th>
            </tr>
          </thead>
          <tbody>
            {headers.map((header, index) => (
              <tr key={header}>
                <th scope="row">{header}</th>
                <td className="mono">{props.sample[0]?.[index] ?? ''}</td>
                <td>
                  <select
                    className="select"
                    aria-label={`Field for column ${header}`}
                    value={mapping[header] ?? ''}
                    disabled={props.disabled}
                    onChange={(event) => onChange({ ...mapping, [header]: event.target.value })}
                  >
                    <option value="">Not imported</option>
                    {spec.fields.map((target) => (
                      <option key={target.name} value={target.name}>
                        {target.label}
                        {target.required ? ' (required)' : ''}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LiveRegion
        message={
          missing.length > 0
            ? `Map a column to: ${missing.map(labelOf).join(', ')}.`
            : twice.length > 0
              ? `More than one column goes to: ${twice.map(labelOf).join(', ')}.`
              : null
        }
      />
      <form
        className="row import__save"
        aria-label="Save the mapping"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField label="Mapping name" value={name} onChange={(event) => setName(event.target.value)} error={saveProblem} disabled={props.disabled} />
        <Button type="submit" variant="secondary" busy={saving} disabled={props.disabled}>
          Save mapping
        </Button>
      </form>

      {preview !== null && preview.length > 0 && mappedFields.length > 0 ? (
        <>
          <h3>Preview: the first rows as they will be stored</h3>
          <div className="table-wrap" tabIndex={0} role="group" aria-label="Preview table">
            <table className="table">
              <caption className="visually-hidden">The first {preview.length} rows as they will be stored</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  {mappedFields.map((target) => (
                    <th scope="col" key={target.name}>
                      {target.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.map((result) => (
                  <tr key={result.row}>
                    <th scope="row">{result.row}</th>
                    {mappedFields.map((target) => {
                      if (result.ok) return <td key={target.name}>{shown(result.record[target.name], target.kind === 'money')}</td>;
                      const error = result.errors.find((candidate) => candidate.field === target.name);
                      return (
                        <td key={target.name} className={error === undefined ? undefined : 'import__bad'}>
                          {error === undefined ? '' : error.message}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}

function shown(value: string | number | boolean | undefined, money: boolean): string {
  if (value === undefined) return '';
  if (money && typeof value === 'number') return value.toFixed(2);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
