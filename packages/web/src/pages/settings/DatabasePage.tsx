import { useCallback, useEffect, useState } from 'react';
import { useRole } from '../../access/use-role';
import { useServices } from '../../app/ports-context';
import { useLoadingStore } from '../../stores/loading-store';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { notify } from '../../ui/notify';
import { TextField } from '../../ui/TextField';
import { describeDataError, fieldRefusal } from '../entities/data-errors';
import { ConflictNotice } from '../entities/ConflictNotice';
import { DataTable } from '../entities/DataTable';
import type { Column, ColumnSort } from '../entities/DataTable';
import { entityAccess } from '../entities/entity-access';
import type { EntityRow, RowPage } from '../entities/entity-access';
import { EntityList } from '../entities/EntityList';
import { textOf } from '../entities/format';
import { useRecordConflict, versionOf } from '../entities/record-conflict';
import { useCurrency } from '../entities/use-currency';
import { ACCOUNT_STATUS } from '../mortgages/mortgage-codes';
import { PageHeader } from '../PageHeader';

/** Client organisations are few: the page reads up to this many and searches and sorts them in the browser. */
export const MAX_CLIENTS = 1000;
const CLIENT_PAGE = 100;

const CLIENT_COLUMNS: readonly Column[] = [
  { key: 'clientName', label: 'Client' },
  { key: 'clientNumber', label: 'Client number' },
  { key: 'createdAt', label: 'Added', kind: 'datetime' },
];

const everyColumn = (): boolean => true;

/** The form editing one client's name and number (ClientMdl update: staff and Admins), at the version it was opened at. */
function ClientEditor({ client, onSaved, onReloaded, onCancel }: { client: EntityRow; onSaved: (row: EntityRow) => void; onReloaded: (row: EntityRow) => void; onCancel: () => void }) {
  const { data } = useServices();
  const [name, setName] = useState(textOf(client.clientName, ''));
  const [number, setNumber] = useState(textOf(client.clientNumber, ''));
  const [problem, setProblem] = useState<{ message: string; detail?: string | undefined } | null>(null);
  const [numberError, setNumberError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const guard = useRecordConflict();
  const save = async (): Promise<void> => {
    setProblem(null);
    setNumberError(null);
    if (name.trim() === '') {
      setProblem({ message: 'Give the client a name.' });
      return;
    }
    setBusy(true);
    const changes = { clientName: name.trim(), clientNumber: number.trim() === '' ? null : number.trim() };
    try {
      // The version the form was opened at: a save someone made since is shown, not overwritten.
      await guard.attempt(versionOf(client), async (version) => {
        const saved = await entityAccess(data, 'ClientMdl').update({ id: client.id, ...changes, _version: version });
        void notify.success(`Client “${changes.clientName}” saved.`);
        onSaved(saved);
      });
    } catch (failure) {
      const refused = fieldRefusal(failure);
      if (refused?.errorType === 'DuplicateValueException' && refused.field === 'clientNumber') {
        const message = `Client number ${number.trim()} already belongs to another client. A client number names one client: choose another.`;
        setNumberError(message);
        setProblem({ message });
      } else setProblem(describeDataError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="card"
      aria-label={`Edit client ${textOf(client.clientName, client.id)}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 className="card__title">Edit client</h2>
      <ConflictNotice
        guard={guard}
        noun="client"
        onReload={(current) => {
          if (current === null) {
            onCancel();
            return;
          }
          setName(textOf(current.clientName, ''));
          setNumber(textOf(current.clientNumber, ''));
          onReloaded(current);
        }}
      />
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      <TextField label="Client name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      <TextField
        label="Client number"
        value={number}
        onChange={(e) => {
          setNumber(e.target.value);
          setNumberError(null);
        }}
        error={numberError}
      />
      <div className="row">
        <Button type="submit" busy={busy}>
          Save client
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** /settings/database: client organisations (ClientMdl), searched case-insensitively and editable by staff, and the chosen one's accounts. */
export function DatabasePage() {
  const { data } = useServices();
  const track = useLoadingStore((state) => state.track);
  const role = useRole();
  const currency = useCurrency();
  // The server lets staff and Admins update ClientMdl (docs/data-api.md, Authorization); others only read.
  const canEdit = role === 'admin' || role === 'staff';
  const [clients, setClients] = useState<EntityRow[] | null>(null);
  const [truncated, setTruncated] = useState(false);
  const [error, setError] = useState<{ message: string; detail?: string | undefined } | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ColumnSort | null>({ key: 'clientName', direction: 'asc' });
  const [editing, setEditing] = useState<EntityRow | null>(null);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      const access = entityAccess(data, 'ClientMdl');
      const rows: EntityRow[] = [];
      let nextToken: string | null = null;
      do {
        const page: RowPage = await track(access.list({ limit: CLIENT_PAGE, nextToken }));
        rows.push(...page.items);
        nextToken = page.nextToken;
      } while (nextToken !== null && rows.length < MAX_CLIENTS);
      setTruncated(nextToken !== null);
      setClients(rows);
    } catch (failure) {
      setError(describeDataError(failure));
      setClients([]);
    }
  }, [data, track]);

  useEffect(() => {
    void load();
  }, [load]);

  const saved = (row: EntityRow): void => {
    setClients((current) => (current ?? []).map((client) => (client.id === row.id ? row : client)));
    setEditing(null);
  };
  // After a conflict's "Reload" the form stays open on the current record (and its version).
  const reloaded = (row: EntityRow): void => {
    setClients((current) => (current ?? []).map((client) => (client.id === row.id ? row : client)));
    setEditing(row);
  };

  return (
    <section className="page">
      <PageHeader title="Database" description="Client organisations in the data store and their accounts." />
      <div className="card">
        <h2 className="card__title">Clients</h2>
        <div className="filters" role="search">
          <TextField label="Search clients" hint="Name or number; capitals do not matter." value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <LiveRegion message={error?.message} detail={error?.detail} />
        <DataTable
          rows={clients ?? NO_ROWS}
          columns={CLIENT_COLUMNS}
          caption="Clients"
          sort={sort}
          onSortChange={setSort}
          mode="client"
          sortable={everyColumn}
          search={search}
          message={clients === null ? 'Loading…' : error !== null ? 'The clients could not be loaded.' : clients.length === 0 ? 'No clients found.' : null}
          noMatch={`No clients match “${search}”.`}
          currency={currency}
          rowActions={(row) => (
            <div className="row">
              <Button variant="link" onClick={() => setChosen({ id: row.id, name: textOf(row.clientName, row.id) })}>
                Show accounts<span className="visually-hidden"> of {textOf(row.clientName, '')}</span>
              </Button>
              {canEdit ? (
                <Button variant="link" onClick={() => setEditing(row)}>
                  Edit<span className="visually-hidden"> {textOf(row.clientName, '')}</span>
                </Button>
              ) : null}
            </div>
          )}
        />
        {truncated ? <p className="muted">Showing the first {MAX_CLIENTS} clients; search narrows them.</p> : null}
      </div>
      {editing === null ? null : <ClientEditor key={editing.id} client={editing} onSaved={saved} onReloaded={reloaded} onCancel={() => setEditing(null)} />}
      {chosen === null ? null : (
        <div className="card">
          <h2 className="card__title">Accounts of {chosen.name}</h2>
          <EntityList
            key={chosen.id}
            entity="AccountMdl"
            noun="account"
            pageSize={10}
            baseFilter={{ clientmdlID: { eq: chosen.id } }}
            detailPath={(row) => `/mortgages/requests/option-builder?id=${encodeURIComponent(row.id)}`}
            columns={[
              { key: 'fileNumber', label: 'File', sortQuery: 'accountMdlsByFileNumber' },
              { key: 'accountStatus', label: 'Status', codes: ACCOUNT_STATUS },
              { key: 'currentUpb', label: 'Balance', kind: 'money', sortQuery: 'accountMdlsByCurrentUpb' },
            ]}
          />
        </div>
      )}
    </section>
  );
}

const NO_ROWS: readonly EntityRow[] = [];
