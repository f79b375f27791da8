// A real HTTP server with the data API on a real database (PGlite in memory, or a fresh schema of
// this machine's PostgreSQL), for the tests and the benchmark.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.js';
import { migrate, type Migration } from '../../src/db/migrate.js';
import { openPgliteDatabase } from '../../src/db/pglite-database.js';
import { openPostgresDatabase } from '../../src/db/postgres-database.js';
import { registerGraphqlApi, type GraphqlApiOptions } from '../../src/graphql/index.js';
import { dataApiMigrations } from '../../src/graphql/sql/write-migration.js';
import { TestTokens } from './test-tokens.js';

/** The database kinds every data API test runs on. */
export const BACKENDS = ['pglite', 'postgres'] as const;
/** One database kind. */
export type Backend = (typeof BACKENDS)[number];

/** This machine's PostgreSQL (trust auth), overridable for other machines. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A GraphQL response as received. */
export interface GqlResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: {
    readonly data: T | null;
    readonly errors?: readonly { readonly errorType: string; readonly message: string; readonly path?: readonly (string | number)[] }[];
  };
}

/** A running data API with its database and token issuer. */
export interface DataApiHarness {
  readonly backend: Backend;
  readonly url: string;
  readonly db: Database;
  readonly tokens: TestTokens;
  readonly app: FastifyInstance;
  /** POSTs a GraphQL request with `Authorization: <token>` (no header when token is null). */
  gql<T = Record<string, unknown>>(token: string | null, query: string, variables?: Record<string, unknown>): Promise<GqlResponse<T>>;
  /** POSTs a raw body. */
  post(body: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** Opens a fresh, migrated database of the given kind (a new schema on PostgreSQL); `only` picks the migrations applied. */
export async function openTestDatabase(backend: Backend, poolSize = 10, only: (migration: Migration) => boolean = () => true): Promise<{ db: Database; drop: () => Promise<void> }> {
  const schema = `gql_${randomBytes(6).toString('hex')}`;
  const db = backend === 'pglite' ? await openPgliteDatabase('memory://') : await openPostgresDatabase(POSTGRES_URL, schema, poolSize);
  await migrate(db, dataApiMigrations().filter(only));
  return {
    db,
    drop: async () => {
      if (backend === 'postgres') await db.exec(`DROP SCHEMA "${schema}" CASCADE`);
      await db.close();
    },
  };
}

/** Starts the data API on a fresh database; `wrapDb` may wrap the database the API uses (to watch its SQL). */
export async function startDataApi(backend: Backend, options: Partial<GraphqlApiOptions> = {}, wrapDb: (db: Database) => Database = (db) => db): Promise<DataApiHarness> {
  const { db, drop } = await openTestDatabase(backend, 20);
  const tokens = await TestTokens.create();
  const app = Fastify({ logger: false });
  await registerGraphqlApi(app, {
    db: wrapDb(db),
    verifyAccessToken: tokens.verify,
    revocations: tokens.revocations,
    nextTokenSecret: 'test-next-token-secret',
    profileCacheMs: 0,
    // No user pool here: TestTokens carry the groups (test/security checks the pool's groups win).
    groupSource: 'token',
    ...options,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}${options.path ?? '/graphql'}`;
  const post = async (body: string, headers: Record<string, string>) => {
    const res = await fetch(url, { method: 'POST', headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the tests assert on it.
    }
    return { status: res.status, body: parsed };
  };
  return {
    backend,
    url,
    db,
    tokens,
    app,
    async gql<T>(token: string | null, query: string, variables?: Record<string, unknown>): Promise<GqlResponse<T>> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token !== null) headers.authorization = token;
      const res = await post(JSON.stringify({ query, variables }), headers);
      return res as GqlResponse<T>;
    },
    post,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** A signed-in test user: their subject, token and (when created) UserMdl id. */
export interface TestUser {
  readonly sub: string;
  readonly token: string;
  readonly userMdlId: string | null;
}

/** Creates a pool-like user: a token, and (unless `profile` is null) a UserMdl created by an admin. */
export async function makeUser(
  h: DataApiHarness,
  sub: string,
  profile: { userType?: string; clientNumber?: string; email?: string } | null,
  groups: readonly string[] = [],
): Promise<TestUser> {
  const token = await h.tokens.issue(sub, { groups });
  if (profile === null) return { sub, token, userMdlId: null };
  const admin = await h.tokens.issue('admin-provisioner', { groups: ['Admins'] });
  const res = await h.gql<{ createUserMdl: { id: string } }>(
    admin,
    'mutation ($input: CreateUserMdlInput!) { createUserMdl(input: $input) { id } }',
    { input: { userId: sub, firstName: sub, ...profile } },
  );
  const id = res.body.data?.createUserMdl.id;
  if (id === undefined) throw new Error(`could not create UserMdl for ${sub}: ${JSON.stringify(res.body)}`);
  return { sub, token, userMdlId: id };
}
