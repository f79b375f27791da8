// Child process of the data API benchmark: the raw-SQL reads behind the thinnest HTTP endpoint the
// server's own stack offers (Fastify, JSON in and out, no GraphQL, no token check, no access rules),
// so "data API vs raw SQL over HTTP" isolates what GraphQL, authorization and paging tokens cost.
import Fastify from 'fastify';
import pg from 'pg';
import { serveBenchProtocol } from './graphql-child.js';
import { rawGetAccount, rawListPage } from './graphql-raw-sql.js';

/** What the parent sends to start the server. */
export interface RawHttpRequest {
  readonly postgresUrl: string;
  readonly schema: string;
  readonly poolSize: number;
}

/** What the server answers once listening. */
export interface RawHttpReady {
  readonly port: number;
}

process.once('message', (message: RawHttpRequest) => {
  void (async () => {
    const pool = new pg.Pool({ connectionString: message.postgresUrl, max: message.poolSize, options: `-c search_path="${message.schema}"` });
    const app = Fastify({ logger: false });
    app.post<{ Body: { c: string; after: string | null } }>('/list', async (request) => rawListPage(pool, request.body.c, request.body.after));
    app.post<{ Body: { id: string } }>('/get', async (request) => ({ account: await rawGetAccount(pool, request.body.id) }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const ready: RawHttpReady = { port: typeof address === 'object' && address !== null ? address.port : 0 };
    serveBenchProtocol(async () => {
      await app.close();
      await pool.end();
    });
    process.send?.(ready);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
