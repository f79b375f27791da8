import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../app/ports-context';
import { WebError } from '../../app/web-errors';
import { LiveRegion } from '../../ui/LiveRegion';
import { Spinner } from '../../ui/Spinner';
import { formatValue } from '../entities/format';
import { PageHeader } from '../PageHeader';
import { createPoolsApi } from './pools-api';
import type { PoolSummary } from './pools-api';
import { useAccountPort } from './use-account-port';

function problemOf(error: unknown): { message: string; detail?: string } {
  if (error instanceof WebError) return { message: error.message, detail: error.recoverySuggestion };
  return { message: 'The user pools could not be read.', detail: error instanceof Error ? error.message : undefined };
}

/** Settings › User pools (Admins of the server's own pool): every user pool of the server, this app's marked. */
export function UserPoolsPage() {
  const { config, fetch: fetchFn } = useServices();
  const account = useAccountPort();
  const api = useMemo(() => (account === null ? null : createPoolsApi(fetchFn, config.adminApiEndpoint, account.accessToken)), [account, config.adminApiEndpoint, fetchFn]);
  const [pools, setPools] = useState<PoolSummary[] | null>(null);
  const [problem, setProblem] = useState<{ message: string; detail?: string } | null>(null);

  useEffect(() => {
    if (api === null) return;
    let current = true;
    api.listAll().then(
      (list) => current && setPools(list),
      (error: unknown) => {
        if (!current) return;
        setProblem(problemOf(error));
        setPools([]);
      },
    );
    return () => {
      current = false;
    };
  }, [api]);

  if (api === null || pools === null) return <Spinner label="Loading the user pools" />;
  return (
    <section className="page">
      <PageHeader
        title="User pools"
        description="Every user pool of this server. Create, change and delete pools with the Cognito API (CreateUserPool…) or the command line: pnpm --filter @steward/server cli pools create --name <name>."
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
            </tr>
          </thead>
          <tbody>
            {pools.length === 0 ? (
              <tr>
                <td className="table__empty" colSpan={3}>
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
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
