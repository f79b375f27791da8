import { useCallback, useEffect, useMemo, useState } from 'react';
import { checkPasswordPolicy } from '@steward/auth-core';
import { useUserStore } from '../../stores/user-store';
import { notify } from '../../ui/notify';
import { useServices } from '../../app/ports-context';
import { WebError } from '../../app/web-errors';
import { Button } from '../../ui/Button';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { formatValue } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { AdminApiError, createAdminApi } from './admin-api';
import type { AdminApi, AdminGroup, AdminUser } from './admin-api';
import { useAccountPort } from './use-account-port';

function problemOf(error: unknown): { message: string; detail?: string } {
  if (error instanceof WebError) return { message: error.message, detail: error.recoverySuggestion };
  return { message: 'The user management request failed.', detail: error instanceof Error ? error.message : undefined };
}

/** Cognito's UserStatus values in words an administrator reads. */
export const USER_STATUS_LABELS: Readonly<Record<string, string>> = {
  UNCONFIRMED: 'Not confirmed yet',
  CONFIRMED: 'Confirmed',
  FORCE_CHANGE_PASSWORD: 'Must change password',
  RESET_REQUIRED: 'Password reset required',
  EXTERNAL_PROVIDER: 'Signs in elsewhere',
  ARCHIVED: 'Archived',
  COMPROMISED: 'Compromised',
  UNKNOWN: 'Unknown',
};

/** A user status as words (an unknown code stays as it is rather than disappear). */
export function userStatusLabel(status: string): string {
  return USER_STATUS_LABELS[status] ?? status;
}

/** The user pool's longest username (Cognito's and the server's limit). */
export const MAX_USERNAME_LENGTH = 128;

/** The new-user form as typed. */
export interface NewUserForm {
  username: string;
  email: string;
  temporaryPassword: string;
}

/** A message in plain words for each field of the new-user form that is wrong. */
export type NewUserErrors = Partial<Record<keyof NewUserForm, string>>;

/** Checks the new-user form before anything is sent; empty when it may be sent. */
export function newUserProblems(form: NewUserForm): NewUserErrors {
  const errors: NewUserErrors = {};
  const username = form.username.trim();
  if (username === '') errors.username = 'Enter a username for the new user.';
  else if (/\s/.test(username)) errors.username = 'A username cannot contain spaces.';
  else if (username.length > MAX_USERNAME_LENGTH) errors.username = `A username can have at most ${MAX_USERNAME_LENGTH} characters.`;
  const email = form.email.trim();
  if (email === '') errors.email = 'Enter the email address of the new user.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Enter an email address like name@example.com.';
  if (form.temporaryPassword !== '' && !checkPasswordPolicy(form.temporaryPassword).valid) {
    errors.temporaryPassword = 'Use at least 8 characters with a lowercase and an uppercase letter, a number and a symbol, or leave it empty.';
  }
  return errors;
}

// Server refusals that concern one field of the form go next to it.
function fieldOfServerError(error: unknown): keyof NewUserForm | null {
  if (!(error instanceof AdminApiError)) return null;
  // Cognito's validation message names the member: "Value at 'username' failed to satisfy constraint…".
  if (error.serverType === 'InvalidParameterException' && /'username'/i.test(error.message)) return 'username';
  if (error.serverType === 'UsernameExistsException') return 'username';
  if (error.serverType === 'AliasExistsException') return 'email';
  if (error.serverType === 'InvalidPasswordException') return 'temporaryPassword';
  return null;
}

// Cognito's validation text ("1 validation error detected: …") is for programs; the form says it in words.
function fieldMessage(field: keyof NewUserForm, serverMessage: string): string {
  if (!/validation error/i.test(serverMessage)) return serverMessage;
  if (field === 'username') return `Use a username of 1 to ${MAX_USERNAME_LENGTH} characters: letters, digits and symbols, no spaces.`;
  return serverMessage;
}

/** True when `user` is the signed-in person's own account (by sub, else by username). */
export function isOwnAccount(user: AdminUser, self: { sub: string | null; username: string | null }): boolean {
  if (user.sub !== undefined && self.sub !== null) return user.sub === self.sub;
  return self.username !== null && user.username.toLowerCase() === self.username.toLowerCase();
}

/**
 * The groups one user belongs to, a checkbox per group of the pool: ticking adds the user to the
 * group, unticking removes them; a refusal shows beside the boxes.
 */
function GroupsEditor({ api, username, groups, member, onChanged, onClose }: { api: AdminApi; username: string; groups: readonly AdminGroup[]; member: readonly string[]; onChanged: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail?: string } | null>(null);
  // The box shows the change asked for while the server works; a refusal puts it back.
  const [asked, setAsked] = useState<{ group: string; join: boolean } | null>(null);
  const toggle = async (group: string, join: boolean): Promise<void> => {
    setBusy(group);
    setAsked({ group, join });
    setProblem(null);
    try {
      if (join) await api.addUserToGroup(username, group);
      else await api.removeUserFromGroup(username, group);
      void notify.success(join ? `${username} is added to ${group}.` : `${username} is removed from ${group}.`);
      await onChanged();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setAsked(null);
      setBusy(null);
    }
  };
  return (
    <fieldset className="card groups-editor" aria-label={`Groups of ${username}`}>
      <legend className="card__title">Groups of {username}</legend>
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      {groups.length === 0 ? <p className="muted">The user pool has no groups.</p> : null}
      {groups.map((group) => (
        <label key={group.name} className="choice">
          <input type="checkbox" checked={asked?.group === group.name ? asked.join : member.includes(group.name)} disabled={busy !== null} onChange={(event) => void toggle(group.name, event.target.checked)} />
          <span>
            <strong>{group.name}</strong>
            {group.description === undefined ? null : <span className="choice__hint">{group.description}</span>}
          </span>
        </label>
      ))}
      <Button variant="secondary" onClick={onClose}>
        Done
      </Button>
    </fieldset>
  );
}

/** /settings/user-management: list, create, disable/enable and delete users through the admin API (Admins only). */
export function UserManagementPage() {
  const { config, fetch: fetchFn, auth } = useServices();
  const account = useAccountPort();
  const api = useMemo(() => (account === null ? null : createAdminApi(fetchFn, config.adminApiEndpoint, account.accessToken)), [account, config.adminApiEndpoint, fetchFn]);
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [nextToken, setNextToken] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail?: string } | null>(null);
  const [rowProblem, setRowProblem] = useState<{ username: string; message: string } | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [form, setForm] = useState<NewUserForm>({ username: '', email: '', temporaryPassword: '' });
  const [formErrors, setFormErrors] = useState<NewUserErrors>({});
  const [busy, setBusy] = useState<string | null>(null);
  const selfSub = useUserStore((state) => state.userId);
  const [selfUsername, setSelfUsername] = useState<string | null>(null);
  const [groups, setGroups] = useState<AdminGroup[]>([]);
  const [membership, setMembership] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [editing, setEditing] = useState<string | null>(null);

  const load = useCallback(
    async (token: string | null) => {
      if (api === null) return;
      try {
        const page = await api.listUsers({ limit: 20, token });
        setUsers(page.users);
        setNextToken(page.nextToken);
        setProblem(null);
        // Cognito lists no groups with a user: one AdminListGroupsForUser per listed user (20 at most).
        // A failure here leaves the users listed, without their groups.
        try {
          const [pool, ...memberOf] = await Promise.all([api.listGroups(), ...page.users.map((user) => api.listGroupsForUser(user.username))]);
          setGroups(pool ?? []);
          setMembership(Object.fromEntries(page.users.map((user, index) => [user.username, (memberOf[index] ?? []).map((group) => group.name)])));
        } catch (error) {
          setProblem(problemOf(error));
        }
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

  useEffect(() => {
    // The username recognises the own account when a listed user carries no sub attribute.
    auth.getCurrentUser().then(
      (current) => setSelfUsername(current.username),
      () => setSelfUsername(null),
    );
  }, [auth]);

  /** Runs one admin action; resolves to null when it succeeded, else to the failure, so callers keep their input. */
  const act = async (label: string, work: () => Promise<void>, done: string, row?: string): Promise<unknown> => {
    setBusy(label);
    setProblem(null);
    setRowProblem(null);
    try {
      await work();
      void notify.success(done);
      await load(tokens[tokens.length - 1] ?? null);
      return null;
    } catch (error) {
      setProblem(problemOf(error));
      // A refusal of a row's action (the last administrator, your own account) is shown by that action too.
      if (row !== undefined) setRowProblem({ username: row, message: problemOf(error).message });
      return error ?? new Error('The user management request failed.');
    } finally {
      setBusy(null);
    }
  };

  const change = (key: keyof NewUserForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setFormErrors((current) => ({ ...current, [key]: undefined }));
  };

  if (api === null || users === null) return <Spinner label="Loading users" />;
  return (
    <section className="page">
      <PageHeader title="User management" description="Users of the user pool. Only members of the Admins group can manage them." />
      <LiveRegion message={problem?.message} detail={problem?.detail} />
      {forbidden ? null : (
        <>
          <div className="table-wrap">
            <table className="table user-table">
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">Email</th>
                  <th scope="col">Status</th>
                  <th scope="col">Enabled</th>
                  <th scope="col">Groups</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.length === 0 ? (
                  <tr>
                    <td className="table__empty" colSpan={7}>
                      No users found.
                    </td>
                  </tr>
                ) : (
                  users.map((user) => (
                    <tr key={user.username}>
                      <td className="user-table__name">{user.username}</td>
                      <td className="user-table__name">{user.email ?? '–'}</td>
                      <td>{userStatusLabel(user.status)}</td>
                      <td>
                        <span className={user.enabled ? 'badge badge--good' : 'badge badge--bad'}>{user.enabled ? 'Enabled' : 'Disabled'}</span>
                      </td>
                      <td>{(membership[user.username] ?? []).join(', ') || '–'}</td>
                      <td>{formatValue(user.created, 'datetime')}</td>
                      <td>
                        <div className="row user-actions">
                        <Button variant="link" aria-expanded={editing === user.username} onClick={() => setEditing((current) => (current === user.username ? null : user.username))}>
                          Groups<span className="visually-hidden"> {user.username}</span>
                        </Button>
                        {user.enabled && isOwnAccount(user, { sub: selfSub, username: selfUsername }) ? (
                          // Disabling yourself would sign you out and could leave no administrator (the server refuses it too).
                          <Button variant="link" disabled title="You cannot disable your own account.">
                            Disable<span className="visually-hidden"> {user.username} (your own account cannot be disabled)</span>
                          </Button>
                        ) : user.enabled ? (
                          <Button variant="link" disabled={busy !== null} onClick={() => void act(`disable:${user.username}`, () => api.disableUser(user.username), `${user.username} is disabled.`, user.username)}>
                            Disable<span className="visually-hidden"> {user.username}</span>
                          </Button>
                        ) : (
                          <Button variant="link" disabled={busy !== null} onClick={() => void act(`enable:${user.username}`, () => api.enableUser(user.username), `${user.username} is enabled.`, user.username)}>
                            Enable<span className="visually-hidden"> {user.username}</span>
                          </Button>
                        )}
                        {isOwnAccount(user, { sub: selfSub, username: selfUsername }) ? (
                          // Deleting yourself would end this session and could leave no administrator (the server refuses it too).
                          <Button variant="link" disabled title="You cannot delete your own account.">
                            Delete<span className="visually-hidden"> {user.username} (your own account cannot be deleted)</span>
                          </Button>
                        ) : (
                          <Button
                            variant="link"
                            disabled={busy !== null}
                            onClick={() => {
                              if (window.confirm(`Delete ${user.username}? This cannot be undone.`)) void act(`delete:${user.username}`, () => api.deleteUser(user.username), `${user.username} is deleted.`, user.username);
                            }}
                          >
                            Delete<span className="visually-hidden"> {user.username}</span>
                          </Button>
                        )}
                        </div>
                        {rowProblem?.username === user.username ? (
                          <p className="field__error" role="alert" data-testid={`row-problem-${user.username}`}>
                            {rowProblem.message}
                          </p>
                        ) : null}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          {editing === null || !users.some((user) => user.username === editing) ? null : (
            <GroupsEditor api={api} username={editing} groups={groups} member={membership[editing] ?? []} onChanged={() => load(tokens[tokens.length - 1] ?? null)} onClose={() => setEditing(null)} />
          )}
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
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const errors = newUserProblems(form);
              setFormErrors(errors);
              if (Object.keys(errors).length > 0) return;
              const username = form.username.trim();
              void act('create', () => api.createUser({ username, email: form.email.trim(), temporaryPassword: form.temporaryPassword }), `${username} is created.`).then((failure) => {
                // Only a created user clears the form: after a refusal everything typed is still there to correct.
                if (failure === null) {
                  setForm({ username: '', email: '', temporaryPassword: '' });
                  return;
                }
                const field = fieldOfServerError(failure);
                if (field !== null && failure instanceof Error) setFormErrors({ [field]: fieldMessage(field, failure.message) });
              });
            }}
          >
            <h2 className="card__title">Create a user</h2>
            <div className="card-grid">
              <TextField label="Username" value={form.username} onChange={change('username')} autoComplete="off" error={formErrors.username} />
              <TextField label="Email address" type="email" value={form.email} onChange={change('email')} autoComplete="off" error={formErrors.email} />
              <TextField
                label="Temporary password (optional)"
                type="password"
                value={form.temporaryPassword}
                onChange={change('temporaryPassword')}
                autoComplete="new-password"
                hint="Left empty, one is generated and sent by email."
                error={formErrors.temporaryPassword}
              />
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
