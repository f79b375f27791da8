// Threat: a hostile value (control characters and NUL, lone surrogates, oversize strings, odd
// numbers, wrong types) in a create/update input or a list filter making /graphql fail with a 5xx
// or InternalFailure (a crash, or a database error nobody mapped), or leaving it unable to serve.
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataModel, defaultQueryLimits, resolveModel, type ModelEntity } from '../../src/graphql/index.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';

const RUNS = 100;
const model = resolveModel(dataModel);
// Owner-scoped, single-active, decimals and dates, JSON and date-times: every column type the model has.
const ENTITIES = ['ConfigMdl', 'SessionMdl', 'AccountMdl', 'TicketMdl', 'Notifications'].map((name) => model.entity(name));
const OPERATORS = ['ne', 'eq', 'le', 'lt', 'ge', 'gt', 'contains', 'notContains', 'between', 'beginsWith', 'attributeExists'];
const { maxKeyLength, maxTextLength } = defaultQueryLimits;

/** Characters that tend to break things: NUL and other controls, lone surrogates, quotes, LIKE and escape characters. */
const SPECIAL = ['\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u2028', '\ufeff', '\ud800', '\udbff', '\udc00', '\udfff', '\\', '"', "'", '%', '_', '😀', 'é', '\n'];

/** Text that does not compress (CJK, 3 UTF-8 bytes each): PostgreSQL would shrink repeated characters below its index limit. */
const incompressible = (length: number): string => Array.from({ length }, () => String.fromCodePoint(0x4e00 + randomInt(20_000))).join('');

/** Oversize values (compressible and not), length boundaries, wrong formats. */
const awkward = fc.constantFrom(
  'x'.repeat(maxKeyLength),
  'x'.repeat(maxKeyLength + 1),
  'y'.repeat(maxTextLength + 1),
  'z'.repeat(10_000),
  incompressible(1000),
  incompressible(3000),
  incompressible(10_000),
  '2024-02-30',
  '2024-05-01T12:00:00Z',
  '{"a":1}',
  '',
);
const hostileString = fc.oneof(
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.oneof(fc.constantFrom(...SPECIAL), fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))), maxLength: 30 }) },
  { weight: 4, arbitrary: awkward },
);
const oddNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 1e16, -1e16, 1e21, 1e308, -1e308, 5e-324, 0.1, 1.005),
);
const scalar = fc.oneof({ weight: 4, arbitrary: hostileString }, { weight: 1, arbitrary: oddNumber }, { weight: 1, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constant(null) });
const value = fc.oneof({ weight: 6, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 2 }) });

/** An input object of `entity` (its writable fields, the id, now and then an unknown name). */
function inputOf(entity: ModelEntity) {
  const names = ['id', ...entity.writableFields.map((f) => f.name), 'nope'];
  return fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 4 });
}

/** A filter of `entity`: field conditions with any operator and value, nested in and/or/not. */
function filterOf(entity: ModelEntity) {
  const names = entity.fields.map((f) => f.name);
  const condition = fc.dictionary(fc.constantFrom(...names), fc.dictionary(fc.constantFrom(...OPERATORS), value, { minKeys: 1, maxKeys: 2 }), { maxKeys: 2 });
  return fc.letrec<{ filter: Record<string, unknown> }>((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      condition,
      fc.record({ and: fc.array(tie('filter'), { maxLength: 3 }) }),
      fc.record({ or: fc.array(tie('filter'), { maxLength: 3 }) }),
      fc.record({ not: tie('filter') }),
    ),
  })).filter;
}

/** A GraphQL literal of a JSON-like value (names of input fields unquoted). */
function literal(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${/^[A-Za-z_]\w*$/.test(k) ? k : '_bad'}: ${literal(x)}`).join(', ')} }`;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  return JSON.stringify(v) ?? 'null';
}

describe.each(BOTH_DATABASES)('fuzzing data API inputs and filters (%s)', (database) => {
  let server: TestServer;
  let token: string;
  const existing = new Map<string, string>();
  const post = async (query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: { data?: unknown; errors?: { errorType?: string; message?: string }[] } }> => {
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
    return { status: res.status, body: (await res.json()) as { errors?: { errorType?: string }[] } };
  };
  /** Fails the property on a 5xx, an InternalFailure or an error without AppSync's errorType. */
  const sendExpectingNoFailure = async (query: string, variables?: Record<string, unknown>): Promise<void> => {
    const res = await post(query, variables);
    const detail = `${query.slice(0, 300)} ${JSON.stringify(variables)?.slice(0, 300)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`;
    if (res.status >= 500) throw new Error(`5xx: ${detail}`);
    for (const error of res.body.errors ?? []) {
      if (error.errorType === undefined || error.errorType === 'InternalFailure') throw new Error(`failure: ${detail}`);
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ database });
    token = (await issueTokensFor(server, 'admin')).AccessToken;
    for (const entity of ENTITIES) {
      const input = entity.name === 'SessionMdl' ? { sessionId: 's', userId: 'u', isActive: false } : {};
      const res = await post(`mutation ($i: Create${entity.name}Input!) { ${entity.operations.create}(input: $i) { id } }`, { i: input });
      existing.set(entity.name, String((res.body.data as Record<string, { id: string }>)[entity.operations.create]?.id));
    }
  });
  afterAll(async () => server.close());

  it('never answers 5xx or InternalFailure to fuzzed create inputs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENTITIES).chain((e) => fc.tuple(fc.constant(e), inputOf(e))), async ([entity, input]) => {
        await sendExpectingNoFailure(`mutation ($i: Create${entity.name}Input!) { ${entity.operations.create}(input: $i) { id } }`, { i: input });
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers 5xx or InternalFailure to fuzzed update inputs and conditions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENTITIES).chain((e) => fc.tuple(fc.constant(e), inputOf(e), fc.option(filterOf(e), { nil: undefined }))),
        async ([entity, input, condition]) => {
          const op = entity.operations.update;
          await sendExpectingNoFailure(`mutation ($i: Update${entity.name}Input!, $c: Model${entity.name}ConditionInput) { ${op}(input: $i, condition: $c) { id } }`, {
            i: { ...input, id: existing.get(entity.name) },
            c: condition,
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('never answers 5xx or InternalFailure to fuzzed list filters, in variables or inline', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENTITIES).chain((e) => fc.tuple(fc.constant(e), filterOf(e), fc.oneof(oddNumber, fc.constant(null)), fc.boolean())),
        async ([entity, filter, limit, inline]) => {
          const list = entity.operations.list;
          if (inline) await sendExpectingNoFailure(`{ ${list}(filter: ${literal(filter)}, limit: ${literal(limit)}) { items { id } nextToken } }`);
          else await sendExpectingNoFailure(`query ($f: Model${entity.name}FilterInput, $l: Int) { ${list}(filter: $f, limit: $l) { items { id } nextToken } }`, { f: filter, l: limit });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('still answers a normal query and write afterwards', async () => {
    const write = await post('mutation { createConfigMdl(input: { configName: "after-fuzz" }) { id configName } }');
    expect(write.status).toBe(200);
    expect(write.body.errors).toBeUndefined();
    const read = await post('{ listConfigMdls(filter: { configName: { eq: "after-fuzz" } }) { items { configName } } }');
    expect(read.body).toEqual({ data: { listConfigMdls: { items: [{ configName: 'after-fuzz' }] } } });
  });
});
