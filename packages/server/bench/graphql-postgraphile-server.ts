// Child process of the data API benchmark: PostGraphile 4 (a bench-only devDependency) serving the
// same PostgreSQL tables over HTTP. The data API declares no foreign keys (as on DynamoDB), so the
// two account relations are given to PostGraphile as smart tags. It runs as PostGraphile runs
// fastest: no JWT, no pgSettings (hence no per-request transaction), no row-level security.
import { createRequire } from 'node:module';
import http from 'node:http';
import pg from 'pg';
import type { makeJSONPgSmartTagsPlugin as SmartTagsPlugin, postgraphile as Postgraphile } from 'postgraphile';
import { serveBenchProtocol } from './graphql-child.js';

// PostGraphile 4 is CommonJS whose re-exports Node's ESM loader cannot see by name.
const { makeJSONPgSmartTagsPlugin, postgraphile } = createRequire(import.meta.url)('postgraphile') as {
  makeJSONPgSmartTagsPlugin: typeof SmartTagsPlugin;
  postgraphile: typeof Postgraphile;
};

/** What the parent sends to start the server. */
export interface PostgraphileRequest {
  readonly postgresUrl: string;
  readonly schema: string;
  readonly poolSize: number;
}

/** What the server answers once listening. */
export interface PostgraphileReady {
  readonly port: number;
}

const accountKey = '("accountmdlID") references "AccountMdl"(id)';

process.once('message', (message: PostgraphileRequest) => {
  void (async () => {
    const pool = new pg.Pool({ connectionString: message.postgresUrl, max: message.poolSize, options: `-c search_path="${message.schema}"` });
    const handler = postgraphile(pool, message.schema, {
      disableQueryLog: true,
      retryOnInitFail: false,
      watchPg: false,
      graphiql: false,
      disableDefaultMutations: true,
      setofFunctionsContainNulls: false,
      legacyRelations: 'omit',
      appendPlugins: [
        makeJSONPgSmartTagsPlugin({
          version: 1,
          config: { class: { ContactMdl: { tags: { foreignKey: accountKey } }, TransactionMdl: { tags: { foreignKey: accountKey } } } },
        }),
      ],
    });
    const server = http.createServer((request, response) => void handler(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const ready: PostgraphileReady = { port: typeof address === 'object' && address !== null ? address.port : 0 };
    serveBenchProtocol(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.release();
      await pool.end();
    });
    process.send?.(ready);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
