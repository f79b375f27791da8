import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useServices } from '../../app/ports-context';
import { WebError } from '../../app/web-errors';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { formatValue } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { AdminApiError } from './admin-api';
import { createPoolsApi } from './pools-api';
import type { PoolMfa, PoolSummary } from './pools-api';
import { useAccountPort } from './use-account-port';

function problemOf(error: unknown): { message: string; detail?: string } {
  if (error instanceof WebError) return { message: error.message, detail: error.recoverySuggestion };
  return { message: 'The user pools could not be read.', detail: error instanceof Error ? error.message : undefined };
}

/** The new-pool form as typed. */
export interface NewPoolForm {
  name: string;
  mfa: PoolMfa;
  minPasswordLength: string;
  deletionProtection: boolean;
}

/** The new-pool form's fields that can be wrong, with a message in plain words each. */
export type NewPoolErrors = Partial<Record<'name' | 'minPasswordLength', string>>;

const EMPTY_FORM: NewPoolForm = { name: '', mfa: 'OFF', minPasswordLength: '8', deletionProtection: false };

/** Checks the new-pool form against Cognito's limits before anything is sent; empty when it may be sent. */
export function newPoolProblems(form: NewPoolForm): NewPoolErrors {
  const errors: NewPoolErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Enter a name for the new pool.';
  else if (name.length > 128 || !/^[\w\s+=,.@-]+$/u.test(name)) errors.name = 'Use up to 128 letters, digits, spaces and + = , . @ - _.';
  const length = Number(form.minPasswordLength.trim());
  if (!/^\d+$/.test(form.minPasswordLength.trim()) || length < 6 || length > 99) errors.minPasswordLength = 'Enter a whole number from 6 to 99.';
  return errors;
}

/** Settings › User pools (Admins of the server's own pool): every user pool of the server, this app's marked; create and delete pools. */
export function UserPoolsPage() {
  const { config, fetch: fetchFn } = useServices();
  const account = useAccountPort();
  const api = useMemo(() => (account === null ? null : createPoolsApi(fetchFn, config.adminApiEndpoint, account.accessToken)), [account, config.adminApiEndpoint, fetchFn]);
  const [pools, setPools] = useState<PoolSummary[] | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail?: string } | null>(null);
  const [rowProblem, setRowProblem] = useState<{ poolId: string; message: string; protectedPool: boolean } | null>(null);
  const [form, setForm] = useState<NewPoolForm>(EMPTY_FORM);
  const [formErrors, setFormErrors] = useState<NewPoolErrors>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const mfaId = useId();

  useEffect(() => {
    if (api === null) return;
    let current = true;
    api.listAll().then(
      (list) => current && setPools(list),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof WebError && error.name === 'PoolsForbidden') setForbidden(true);
        setProblem(problemOf(error));
        setPools([]);
      },
    );
    return () => {
      current = false;
    };
  }, [api]);

  /** Runs one change, then reads the list again; resolves to true when the change was made. */
  const act = useCallback(
    async (label: string, work: () => Promise<unknown>, done: string, row?: string): Promise<boolean> => {
      if (api === null) return false;
      setBusy(label);
      setProblem(null);
      setRowProblem(null);
      try {
        await work();
        void notify.success(done);
      } catch (error) {
        const shown = problemOf(error);
        setProblem(shown);
        // A refused delete (deletion protection) is shown by the row's action too.
        if (row !== undefined) setRowProblem({ poolId: row, message: shown.message, protectedPool: error instanceof AdminApiError && /deletion protection/i.test(error.message) });
        setBusy(null);
        return false;
      }
      try {
        setPools(await api.listAll());
      } catch (error) {
        setProblem(problemOf(error));
      } finally {
        setBusy(null);
      }
      return true;
    },
    [api],
  );

  if (api === null || pools === null) return <Spinner label="Loading the user pools" />;
  return (
    <section className="page">
      <PageHeader
        title="User pools"
        description="Every user pool of this server: create and delete pools here; change their settings with the Cognito API (UpdateUserPool…) or the command line (pnpm --filter @steward/server cli pools)."
      />
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">User pools</caption>
          <thead>
            <tr>
              <th scope="col">Pool id</th>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pools.length === 0 ? (
              <tr>
                <td className="table__empty" colSpan={4}>
                  No user pools to show.
                </td>
              </tr>
            ) : (
              pools.map((pool) => (
                <tr key={pool.id}>
                  <td>
                    <code>{pool.id}</code>
                    {pool.id === config.userPoolId ? <span className="badge badge--good"> This app’s pool</span> : null}
                  </td>
                  <td>{pool.name}</td>
                  <td>{pool.created === undefined ? '–' : <time dateTime={pool.created}>{formatValue(pool.created, 'datetime')}</time>}</td>
                  <td>
                    {pool.id === config.userPoolId ? (
                      // The app runs on this pool (the server refuses to delete it too).
                      <Button variant="link" disabled title="This app’s own pool cannot be deleted.">
                        Delete<span className="visually-hidden"> {pool.name} (this app’s own pool cannot be deleted)</span>
                      </Button>
                    ) : (
                      <Button
                        variant="link"
                        disabled={busy !== null}
                        onClick={() => {
                          if (window.confirm(`Delete the user pool ${pool.name} (${pool.id}) with all its users, app clients and groups? This cannot be undone.`)) {
                            void act(`delete:${pool.id}`, () => api.remove(pool.id), `The user pool ${pool.name} is deleted.`, pool.id);
                          }
                        }}
                      >
                        Delete<span className="visually-hidden"> {pool.name}</span>
                      </Button>
                    )}
                    {rowProblem?.poolId === pool.id ? (
                      <p className="field__error" role="alert" data-testid={`row-problem-${pool.id}`}>
                        {rowProblem.message}
                      </p>
                    ) : null}
                    {rowProblem?.poolId === pool.id && rowProblem.protectedPool ? (
                      // The refusal names the way out: protection off first, then Delete again.
                      <Button
                        variant="link"
                        disabled={busy !== null}
                        onClick={() => {
                          if (window.confirm(`Turn off deletion protection of the user pool ${pool.name} (${pool.id})? It can then be deleted.`)) {
                            void act(`unprotect:${pool.id}`, () => api.setDeletionProtection(pool.id, false), `Deletion protection of ${pool.name} is off.`, pool.id);
                          }
                        }}
                      >
                        Turn off deletion protection<span className="visually-hidden"> of {pool.name}</span>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {forbidden ? null : (
        <form
          className="card"
          style={{ marginTop: 18 }}
          aria-label="New pool"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const errors = newPoolProblems(form);
            setFormErrors(errors);
            if (Object.keys(errors).length > 0) return;
            const name = form.name.trim();
            void act('create', () => api.create({ name, mfa: form.mfa, minPasswordLength: Number(form.minPasswordLength.trim()), deletionProtection: form.deletionProtection }), `The user pool ${name} is created.`).then((created) => {
              // Only a created pool clears the form: after a refusal everything typed is still there to correct.
              if (created) setForm(EMPTY_FORM);
            });
          }}
        >
          <h2 className="card__title">New pool</h2>
          <div className="card-grid">
            <TextField
              label="Pool name"
              value={form.name}
              autoComplete="off"
              error={formErrors.name}
              onChange={(event) => {
                setForm((current) => ({ ...current, name: event.target.value }));
                setFormErrors((current) => ({ ...current, name: undefined }));
              }}
            />
            <div className="field">
              <label className="field__label" htmlFor={mfaId}>
                Multi-factor authentication
              </label>
              <select id={mfaId} className="select" value={form.mfa} onChange={(event) => setForm((current) => ({ ...current, mfa: event.target.value as PoolMfa }))}>
                <option value="OFF">Off</option>
                <option value="OPTIONAL">Optional (each user chooses)</option>
                <option value="ON">Required</option>
              </select>
            </div>
            <TextField
              label="Minimum password length"
              type="number"
              inputMode="numeric"
              min={6}
              max={99}
              value={form.minPasswordLength}
              error={formErrors.minPasswordLength}
              hint="6 to 99 characters; passwords also need a lowercase and an uppercase letter, a number and a symbol."
              onChange={(event) => {
                setForm((current) => ({ ...current, minPasswordLength: event.target.value }));
                setFormErrors((current) => ({ ...current, minPasswordLength: undefined }));
              }}
            />
            <label className="choice">
              <input type="checkbox" checked={form.deletionProtection} onChange={(event) => setForm((current) => ({ ...current, deletionProtection: event.target.checked }))} />
              <span>
                <strong>Deletion protection</strong>
                <span className="choice__hint">The pool cannot be deleted until protection is turned off (UpdateUserPool or the CLI).</span>
              </span>
            </label>
          </div>
          <Button type="submit" busy={busy === 'create'}>
            Create pool
          </Button>
        </form>
      )}
    </section>
  );
}
