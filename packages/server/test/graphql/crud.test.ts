import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataModel, resolveModel, type ModelEntity } from '../../src/graphql/index.js';
import { BACKENDS, startDataApi, type DataApiHarness } from './data-api-harness.js';

const model = resolveModel(dataModel);

const SAMPLE: Record<string, unknown> = {
  ID: 'ref-1',
  String: 'text value',
  Int: 7,
  Float: 1234.56,
  Boolean: true,
  AWSJSON: '{"a":1,"b":[true,null]}',
  AWSDate: '2024-03-15',
  AWSDateTime: '2024-03-15T10:20:30.000Z',
  // In the past: a session record may not end more than the session-length policy after now.
  AWSTimestamp: 1700000000,
};

function sampleInput(entity: ModelEntity): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of entity.writableFields) input[f.name] = SAMPLE[f.kind];
  return input;
}

const scalarSelection = (entity: ModelEntity): string => ['__typename', ...entity.fields.map((f) => f.name)].join(' ');

describe.each(BACKENDS)('data API CRUD on %s', (backend) => {
  let h: DataApiHarness;
  let admin: string;
  beforeAll(async () => {
    h = await startDataApi(backend);
    admin = await h.tokens.issue('admin-sub', { groups: ['Admins'] });
  });
  afterAll(async () => h.close());

  it.each(model.entities.map((e) => [e.name, e] as const))('creates, gets, lists, updates and deletes %s with managed timestamps', async (_name, entity) => {
    const ops = entity.operations;
    const sel = scalarSelection(entity);
    const input = sampleInput(entity);
    const created = await h.gql<Record<string, Record<string, unknown>>>(admin, `mutation ($input: Create${entity.name}Input!) { ${ops.create}(input: $input) { ${sel} } }`, { input });
    expect(created.body.errors).toBeUndefined();
    const record = created.body.data?.[ops.create];
    expect(record?.__typename).toBe(entity.name);
    for (const [k, v] of Object.entries(input)) expect(record?.[k], k).toEqual(v);
    expect(record?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(record?.updatedAt).toBe(record?.createdAt);
    const id = String(record?.id);

    const got = await h.gql<Record<string, Record<string, unknown>>>(admin, `query ($id: ID!) { ${ops.get}(id: $id) { ${sel} } }`, { id });
    expect(got.body.data?.[ops.get]).toEqual(record);

    const listed = await h.gql<Record<string, { items: Record<string, unknown>[]; nextToken: string | null }>>(
      admin,
      `query ($f: Model${entity.name}FilterInput) { ${ops.list}(filter: $f, limit: 10) { __typename items { id } nextToken } }`,
      { f: { id: { eq: id } } },
    );
    expect(listed.body.data?.[ops.list]).toEqual({ __typename: `Model${entity.name}Connection`, items: [{ id }], nextToken: null });

    const field = entity.writableFields.find((f) => f.kind === 'String' && !f.required);
    if (field !== undefined) {
      await new Promise((r) => setTimeout(r, 5));
      const updated = await h.gql<Record<string, Record<string, unknown>>>(
        admin,
        `mutation ($input: Update${entity.name}Input!) { ${ops.update}(input: $input) { ${field.name} createdAt updatedAt } }`,
        { input: { id, [field.name]: 'changed' } },
      );
      expect(updated.body.errors).toBeUndefined();
      const u = updated.body.data?.[ops.update];
      expect(u?.[field.name]).toBe('changed');
      expect(u?.createdAt).toBe(record?.createdAt);
      expect(String(u?.updatedAt) > String(record?.createdAt)).toBe(true);
    }

    const deleted = await h.gql<Record<string, Record<string, unknown>>>(admin, `mutation { ${ops.delete}(input: { id: "${id}" }) { id } }`);
    expect(deleted.body.data?.[ops.delete]).toEqual({ id });
    const gone = await h.gql<Record<string, unknown>>(admin, `query { ${ops.get}(id: "${id}") { id } }`);
    expect(gone.body).toEqual({ data: { [ops.get]: null } });
  });

  it('derives day, month and year from the date and keeps them in step on update', async () => {
    const res = await h.gql<{ createAccountMdl: Record<string, unknown> }>(admin, 'mutation { createAccountMdl(input: { clientNumber: "C1", listedDate: "2023-02-28" }) { id listedDay listedMonth listedYear } }');
    const acc = res.body.data?.createAccountMdl;
    expect(acc).toMatchObject({ listedDay: 28, listedMonth: 2, listedYear: 2023 });
    const upd = await h.gql<{ updateAccountMdl: Record<string, unknown> }>(admin, `mutation { updateAccountMdl(input: { id: "${String(acc?.id)}", listedDate: "2024-12-01" }) { listedDay listedMonth listedYear } }`);
    expect(upd.body.data?.updateAccountMdl).toEqual({ listedDay: 1, listedMonth: 12, listedYear: 2024 });
    const filtered = await h.gql<{ listAccountMdls: { items: unknown[] } }>(admin, '{ listAccountMdls(filter: { listedYear: { eq: 2024 }, listedMonth: { eq: 12 } }) { items { id } } }');
    expect(filtered.body.data?.listAccountMdls.items).toEqual([{ id: acc?.id }]);
  });

  it('refuses date parts in inputs, since they are derived', async () => {
    const res = await h.gql(admin, 'mutation { createAccountMdl(input: { listedDate: "2023-02-28", listedDay: 3 }) { id } }');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.errorType).toBe('ValidationError');
    expect(res.body.errors?.[0]?.message).toContain('listedDay');
  });

  it('keeps a client-chosen id and refuses creating it twice with ConditionalCheckFailedException', async () => {
    const q = 'mutation { createMappingMdl(input: { id: "map-fixed", mapName: "m" }) { id } }';
    expect((await h.gql(admin, q)).body.data).toEqual({ createMappingMdl: { id: 'map-fixed' } });
    const again = await h.gql(admin, q);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ createMappingMdl: null });
    expect(again.body.errors?.[0]).toMatchObject({ errorType: 'ConditionalCheckFailedException', path: ['createMappingMdl'] });
  });

  it('applies update and delete conditions, failing with ConditionalCheckFailedException when they do not hold', async () => {
    await h.gql(admin, 'mutation { createTicketMdl(input: { id: "t-cond", status: "open" }) { id } }');
    const wrong = await h.gql(admin, 'mutation { updateTicketMdl(input: { id: "t-cond", status: "closed" }, condition: { status: { eq: "pending" } }) { id } }');
    expect(wrong.body.errors?.[0]?.errorType).toBe('ConditionalCheckFailedException');
    const right = await h.gql(admin, 'mutation { updateTicketMdl(input: { id: "t-cond", status: "closed" }, condition: { status: { eq: "open" } }) { status } }');
    expect(right.body.data).toEqual({ updateTicketMdl: { status: 'closed' } });
    const missing = await h.gql(admin, 'mutation { deleteTicketMdl(input: { id: "no-such-ticket" }) { id } }');
    expect(missing.body.errors?.[0]?.errorType).toBe('ConditionalCheckFailedException');
  });

  it('sets a field to null when the update input says null, and leaves absent fields alone', async () => {
    await h.gql(admin, 'mutation { createTicketMdl(input: { id: "t-null", subject: "s", category: "c" }) { id } }');
    const res = await h.gql(admin, 'mutation { updateTicketMdl(input: { id: "t-null", subject: null }) { subject category } }');
    expect(res.body.data).toEqual({ updateTicketMdl: { subject: null, category: 'c' } });
  });

  it('refuses null for a required field with BadRequestException', async () => {
    const s = await h.gql<{ createUserTicket: { id: string } }>(admin, 'mutation { createUserTicket(input: { userMdlId: "u", ticketMdlId: "t" }) { id } }');
    const res = await h.gql(admin, `mutation { updateUserTicket(input: { id: "${String(s.body.data?.createUserTicket.id)}", userMdlId: null }) { id } }`);
    expect(res.body.errors?.[0]).toMatchObject({ errorType: 'BadRequestException' });
    expect(res.body.errors?.[0]?.message).toContain('userMdlId cannot be null');
  });
});
