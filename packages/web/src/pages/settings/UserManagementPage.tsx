import { useCallback, useEffect, useMemo, useState } from 'react';
import { notify } from '../../ui/notify';
import { useServices } from '../../app/ports-context';
import { WebError } from '../../app/web-errors';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { formatValue } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { createAdminApi } from './admin-api';
import type { AdminUser } from './admin-api';
import { useAccountPort } from './use-account-port';

function problemOf(error: unknown): { message: string; detail?: string } {
  if (error instanceof WebError) return { message: error.message, detail: error.recoverySuggestion };
  return { message: 'The user management request failed.', detail: error instanceof Error ? error.message : undefined };
}

/** /settings/user-management: list, create, disable/enable and delete users through the admin API (Admins only). */
export function UserManagementPage() {
  const { config, fetch: fetchFn } = useServices();
  const account = useAccountPort();
  const api = useMemo(() => (account === null ? null : createAdminApi(fetchFn, config.adminApiEndpoint, account.accessToken)), [account, config.adminApiEndpoint, fetchFn]);
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail?: string } | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [form, setForm] = useState({ username: '', email: '', temporaryPassword: '' });
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(
    async (token: string | null) => {
      if (api === null) return;
      try {
        const page = await api.listUsers({ limit: 20, token });
        setUsers(page.users);
        setNextToken(page.nextToken);
        setProblem(null);
      } catch (error) {
        if (error instanceof WebError && error.name === 'AdminApiForbidden') setForbidden(true);
        setProblem(problemOf(error));
        setUsers([]);
      }
    },
    [api],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const act = async (label: string, work: () => Promise<void>, done: string): Promise<void> => {
    setBusy(label);
    try {
      await work();
      void notify.success(done);
      await load(tokens[tokens.length - 1] ?? null);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };

  if (api === null || users === null) return <Spinner label="Loading users" />;
  return (
    <section className="page">
      <PageHeader title="User management" description="Users of the user pool. Only members of the Admins group can manage them." />
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      {forbidden ? null : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">Email</th>
                  <th scope="col">Status</th>
                  <th scope="col">Enabled</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.length === 0 ? (
                  <tr>
                    <td className="table__empty" colSpan={6}>
                      No users found.
                    </td>
                  </tr>
                ) : (
                  users.map((user) => (
                    <tr key={user.username}>
                      <td>{user.username}</td>
                      <td>{user.email ?? '–'}</td>
                      <td>{user.status}</td>
                      <td>
                        <span className={user.enabled ? 'badge badge--good' : 'badge badge--bad'}>{user.enabled ? 'Enabled' : 'Disabled'}</span>
                      </td>
                      <td>{formatValue(user.created, 'datetime')}</td>
                      <td className="row">
                        {user.enabled ? (
                          <Button variant="link" disabled={busy !== null} onClick={() => void act(`disable:${user.username}`, () => api.disableUser(user.username), `${user.username} is disabled.`)}>
                            Disable<span className="visually-hidden"> {user.username}</span>
                          </Button>
                        ) : (
                          <Button variant="link" disabled={busy !== null} onClick={() => void act(`enable:${user.username}`, () => api.enableUser(user.username), `${user.username} is enabled.`)}>
                            Enable<span className="visually-hidden"> {user.username}</span>
                          </Button>
                        )}
                        <Button
                          variant="link"
                          disabled={busy !== null}
                          onClick={() => {
                            if (window.confirm(`Delete ${user.username}? This cannot be undone.`)) void act(`delete:${user.username}`, () => api.deleteUser(user.username), `${user.username} is deleted.`);
                          }}
                        >
                          Delete<span className="visually-hidden"> {user.username}</span>
                        </Button>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages of users">
            <span>Page {tokens.length}</span>
            <Button
              variant="secondary"
              disabled={tokens.length <= 1}
              onClick={() => {
                const earlier = tokens.slice(0, -1);
                setTokens(earlier);
                void load(earlier[earlier.length - 1] ?? null);
              }}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              disabled={nextToken === null}
              onClick={() => {
                setTokens((current) => [...current, nextToken]);
                void load(nextToken);
              }}
            >
              Next
            </Button>
          </nav>
          <form
            className="card"
            style={{ marginTop: 18 }}
            aria-label="Create a user"
            onSubmit={(event) => {
              event.preventDefault();
              if (form.username.trim() === '' || form.email.trim() === '') {
                setProblem({ message: 'Enter a username and an email address for the new user.' });
                return;
              }
              void act('create', () => api.createUser({ username: form.username.trim(), email: form.email.trim(), temporaryPassword: form.temporaryPassword }), `${form.username.trim()} is created.`).then(() =>
                setForm({ username: '', email: '', temporaryPassword: '' }),
              );
            }}
          >
            <h2 className="card__title">Create a user</h2>
            <div className="card-grid">
              <TextField label="Username" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} autoComplete="off" />
              <TextField label="Email address" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} autoComplete="off" />
              <TextField label="Temporary password (optional)" type="password" value={form.temporaryPassword} onChange={(e) => setForm({ ...form, temporaryPassword: e.target.value })} autoComplete="new-password" hint="Left empty, one is generated and sent by email." />
            </div>
            <Button type="submit" busy={busy === 'create'}>
              Create user
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
