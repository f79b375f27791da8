// The data client's side of issue 21: a stale update rejects with a typed ConflictError carrying
// the record as stored now, and ticket comments are appended on the server, never rewritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, entityAppendableFields, isDataClientError, type DataClient } from '../src/index.js';
import { BACKENDS, clientFor, startDataApi, type DataApiHarness } from './data-client-harness.js';

describe.each(BACKENDS)('versions and appends through the data client on %s', (backend) => {
  let h: DataApiHarness;
  let staff: DataClient;
  let admin: DataClient;
  let token: string;

  beforeAll(async () => {
    h = await startDataApi(backend);
    ({ client: staff, accessToken: token } = await clientFor(h, 'sub-versions-staff', {}, { groups: ['Staff'] }));
    ({ client: admin } = await clientFor(h, 'sub-versions-admin', {}, { groups: ['Admins'] }));
  });
  afterAll(async () => h.close());

  it('rejects a stale update with ConflictError holding the current record; resending with its version keeps the change', async () => {
    const ticket = await staff.models.TicketMdl.create({ subject: 'Paper jam', status: 'open' });
    expect(ticket._version).toBe(1);
    const saved = await staff.models.TicketMdl.update({ id: ticket.id, status: 'pending', _version: ticket._version });
    expect(saved._version).toBe(2);
    const error = await admin.models.TicketMdl.update({ id: ticket.id, status: 'closed', _version: ticket._version }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(isDataClientError(error, 'ConflictError')).toBe(true);
    const conflict = error as ConflictError;
    expect(conflict.current).toMatchObject({ id: ticket.id, status: 'pending', _version: 2 });
    expect(conflict.recoverySuggestion).toContain('current._version');
    const kept = await admin.models.TicketMdl.update({ id: ticket.id, status: 'closed', _version: Number(conflict.current?._version) });
    expect(kept).toMatchObject({ status: 'closed', _version: 3 });
  });

  it('appends comments on the server: two writers holding the same old record both land', async () => {
    const ticket = await staff.models.TicketMdl.create({ subject: 'Two writers' });
    await Promise.all([
      staff.models.TicketMdl.append({ id: ticket.id, field: 'comments', item: { text: 'A' } }),
      admin.models.TicketMdl.append({ id: ticket.id, field: 'comments', item: { text: 'B' } }),
    ]);
    const stored = await staff.models.TicketMdl.get(ticket.id);
    const texts = (JSON.parse(stored?.comments ?? '[]') as { text: string }[]).map((c) => c.text).sort();
    expect(texts).toEqual(['A', 'B']);
    expect(stored?._version).toBe(3);
  });

  it('offers append exactly on the entities the server has an appendTo mutation for', async () => {
    const res = await h.gql<{ __type: { fields: { name: string }[] } }>(token, '{ __type(name: "Mutation") { fields { name } } }');
    const appends = (res.body.data?.__type.fields ?? []).map((f) => f.name).filter((n) => n.startsWith('appendTo'));
    expect(appends.sort()).toEqual(Object.keys(entityAppendableFields).map((n) => `appendTo${n}`).sort());
    const fields = await h.gql<{ __type: { enumValues: { name: string }[] } }>(token, '{ __type(name: "TicketMdlAppendableField") { enumValues { name } } }');
    expect((fields.body.data?.__type.enumValues ?? []).map((v) => v.name).sort()).toEqual([...entityAppendableFields.TicketMdl].sort());
    // @ts-expect-error ClientMdl has no list fields, so no append.
    expect(staff.models.ClientMdl.append).toBeUndefined();
  });
});
