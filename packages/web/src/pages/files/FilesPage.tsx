import { useState } from 'react';
import { notify } from '../../ui/notify';
import { useServices } from '../../app/ports-context';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { TextField } from '../../ui/TextField';
import { describeDataError } from '../entities/data-errors';
import { entityAccess } from '../entities/entity-access';
import { EntityList } from '../entities/EntityList';
import { textOf } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { ClientFileImport } from './import/ClientFileImport';
import { ImportHistory } from './import/ImportHistory';
import { summarizeMapping } from './import/mapping-summary';
import './import/import.css';

/** A saved mapping's columns and fields as a short list, not its JSON. */
function MappingFields({ mapData }: { mapData: unknown }) {
  const summary = summarizeMapping(mapData);
  if (summary === null) return <span className="muted">Not a readable mapping</span>;
  return (
    <div className="mapping-fields">
      {summary.into === null ? null : <span className="muted">Into {summary.into}</span>}
      <ul>
        {summary.pairs.map((pair) => (
          <li key={pair.column}>
            {pair.column} → {pair.field}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /files: import a client file (accounts, contacts, transactions), the import history, and the saved field mappings (MappingMdl). */
export function FilesPage() {
  const { data } = useServices();
  const [reloadKey, setReloadKey] = useState(0);
  const [name, setName] = useState('');
  const [mapData, setMapData] = useState('{\n  "File Number": "fileNumber"\n}');
  const [problem, setProblem] = useState<{ message: string; detail?: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);
  const [historyKey, setHistoryKey] = useState(0);

  const add = async (): Promise<void> => {
    setProblem(null);
    if (name.trim() === '') {
      setProblem({ message: 'Give the mapping a name.' });
      return;
    }
    try {
      JSON.parse(mapData);
    } catch {
      setProblem({ message: 'The mapping must be valid JSON, like {"File Number": "fileNumber"}.' });
      return;
    }
    setBusy(true);
    try {
      await entityAccess(data, 'MappingMdl').create({ mapName: name.trim(), mapData });
      void notify.success(`Mapping “${name.trim()}” added.`);
      setName('');
      setReloadKey((key) => key + 1);
    } catch (failure) {
      setProblem(describeDataError(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string, label: string): Promise<void> => {
    if (!window.confirm(`Delete the mapping “${label}”?`)) return;
    try {
      await entityAccess(data, 'MappingMdl').delete({ id });
      void notify.success(`Mapping “${label}” deleted.`);
      setReloadKey((key) => key + 1);
    } catch (failure) {
      void notify.error(describeDataError(failure).message);
    }
  };

  return (
    <section className="page">
      <PageHeader title="Files" description="Import client files of accounts, contacts and transactions, and the field mappings they use." />
      <ClientFileImport
        onImported={() => {
          setHistoryKey((key) => key + 1);
        }}
        onMappingSaved={() => setReloadKey((key) => key + 1)}
      />
      <ImportHistory reloadKey={historyKey} />
      <h2 className="files__mappings-title">Saved mappings</h2>
      <EntityList
        entity="MappingMdl"
        noun="mapping"
        reloadKey={reloadKey}
        filters={[{ key: 'mapName', label: 'Name contains', operator: 'contains' }]}
        columns={[
          { key: 'mapName', label: 'Name', sortQuery: 'mappingMdlsByMapName' },
          { key: 'mapData', label: 'Fields', render: (row) => <MappingFields mapData={row.mapData} /> },
          { key: 'updatedAt', label: 'Changed', kind: 'datetime', sortQuery: 'mappingMdlsByUpdatedAt' },
        ]}
        rowActions={(row) => (
          <Button variant="link" onClick={() => void remove(row.id, textOf(row.mapName, row.id))}>
            Delete<span className="visually-hidden"> {textOf(row.mapName, '')}</span>
          </Button>
        )}
      />
      <form
        className="card"
        style={{ marginTop: 18 }}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
        aria-label="Add a mapping"
      >
        <h2 className="card__title">Add a mapping</h2>
        <LiveRegion message={problem?.message} detail={problem?.detail} />
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
        <div className="field">
          <label className="field__label" htmlFor="map-data">
            Fields (JSON: column in the file → field)
          </label>
          <textarea id="map-data" className="field__input mono" rows={5} value={mapData} onChange={(e) => setMapData(e.target.value)} />
        </div>
        <Button type="submit" busy={busy}>
          Add mapping
        </Button>
      </form>
    </section>
  );
}
