// Two people editing one record must never lose each other's work (issue 21): updates and deletes
// that carry the `_version` they read are refused with ConflictUnhandled once someone else wrote,
// and list fields (ticket comments, timeline events) grow by server-side appends that all land.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, makeUser, startDataApi, type DataApiHarness, type TestUser } from './data-api-harness.js';

interface Ticket {
  id: string;
  status: string | null;
  subject: string | null;
  comments: string | null;
  _version: number;
}

interface ConflictError {
  errorType: string;
  message: string;
  data?: Ticket | null;
  errorInfo?: { current?: Ticket | null; recoverySuggestion?: string };
}

/** The first error of a response with the conflict details the harness's type leaves out. */
function firstError(res: { body: { errors?: readonly unknown[] } }): ConflictError | undefined {
  const error: unknown = res.body.errors?.[0];
  return error as ConflictError | undefined;
}

const TICKET = 'id status subject comments _version';
const UPDATE = `mutation ($input: UpdateTicketMdlInput!) { updateTicketMdl(input: $input) { ${TICKET} } }`;
const APPEND = `mutation ($input: AppendToTicketMdlInput!) { appendToTicketMdl(input: $input) { ${TICKET} } }`;

describe.each(BACKENDS)('optimistic concurrency and appends on %s', (backend) => {
  let h: DataApiHarness;
  let admin: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    h = await startDataApi(backend);
    admin = await makeUser(h, 'admin-ann', { userType: 'staff', email: 'ann@example.com' }, ['Admins']);
    staff = await makeUser(h, 'staff-sam', { userType: 'staff' });
  });
  afterAll(async () => h.close());

  const newTicket = async (input: Record<string, unknown> = {}): Promise<Ticket> => {
    const res = await h.gql<{ createTicketMdl: Ticket }>(admin.token, `mutation ($input: CreateTicketMdlInput!) { createTicketMdl(input: $input) { ${TICKET} } }`, {
      input: { subject: 'Printer on fire', status: 'open', ...input },
    });
    expect(res.body.errors).toBeUndefined();
    const ticket = res.body.data?.createTicketMdl;
    if (ticket === undefined) throw new Error('no ticket');
    return ticket;
  };

  it('starts every record at _version 1 and bumps it on every update, with or without a version sent', async () => {
    const ticket = await newTicket();
    expect(ticket._version).toBe(1);
    const first = await h.gql<{ updateTicketMdl: Ticket }>(staff.token, UPDATE, { input: { id: ticket.id, status: 'pending', _version: 1 } });
    expect(first.body.data?.updateTicketMdl._version).toBe(2);
    const unversioned = await h.gql<{ updateTicketMdl: Ticket }>(staff.token, UPDATE, { input: { id: ticket.id, status: 'closed' } });
    expect(unversioned.body.errors).toBeUndefined();
    expect(unversioned.body.data?.updateTicketMdl._version).toBe(3);
  });

  it('lets exactly one of two concurrent writers of the same version win; the other gets ConflictUnhandled with the current record', async () => {
    const ticket = await newTicket();
    const [a, b] = await Promise.all([
      h.gql<{ updateTicketMdl: Ticket | null }>(staff.token, UPDATE, { input: { id: ticket.id, status: 'pending', _version: ticket._version } }),
      h.gql<{ updateTicketMdl: Ticket | null }>(admin.token, UPDATE, { input: { id: ticket.id, subject: 'Printer fixed', _version: ticket._version } }),
    ]);
    const results = [a, b];
    const winners = results.filter((r) => r.body.data?.updateTicketMdl != null);
    const losers = results.filter((r) => r.body.errors !== undefined);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const winner = winners[0]?.body.data?.updateTicketMdl;
    expect(winner?._version).toBe(2);
    const error = losers[0] === undefined ? undefined : firstError(losers[0]);
    expect(error?.errorType).toBe('ConflictUnhandled');
    expect(error?.message).toContain('changed by someone else');
    // The loser is shown what won, so "keep mine" can re-apply the change on top of it.
    expect(error?.data).toMatchObject(winner ?? {});
    expect(error?.errorInfo?.current).toMatchObject(winner ?? {});

    const stored = await h.gql<{ getTicketMdl: Ticket }>(admin.token, `query ($id: ID!) { getTicketMdl(id: $id) { ${TICKET} } }`, { id: ticket.id });
    expect(stored.body.data?.getTicketMdl).toEqual(winner);
  });

  it('keeps the stale change out until it is sent again with the current version ("keep mine")', async () => {
    const ticket = await newTicket();
    await h.gql(staff.token, UPDATE, { input: { id: ticket.id, status: 'pending', _version: 1 } });
    const stale = await h.gql<{ updateTicketMdl: Ticket | null }>(admin.token, UPDATE, { input: { id: ticket.id, status: 'closed', _version: 1 } });
    const conflict = firstError(stale);
    expect(conflict?.errorType).toBe('ConflictUnhandled');
    expect(conflict?.errorInfo?.current?.status).toBe('pending');
    const retried = await h.gql<{ updateTicketMdl: Ticket }>(admin.token, UPDATE, { input: { id: ticket.id, status: 'closed', _version: conflict?.errorInfo?.current?._version } });
    expect(retried.body.errors).toBeUndefined();
    expect(retried.body.data?.updateTicketMdl).toMatchObject({ status: 'closed', _version: 3 });
  });

  it('refuses a delete of a version that is no longer current, and deletes the current one', async () => {
    const ticket = await newTicket();
    await h.gql(staff.token, UPDATE, { input: { id: ticket.id, status: 'pending' } });
    const remove = `mutation ($input: DeleteTicketMdlInput!) { deleteTicketMdl(input: $input) { id _version } }`;
    const stale = await h.gql(staff.token, remove, { input: { id: ticket.id, _version: 1 } });
    expect(stale.body.errors?.[0]?.errorType).toBe('ConflictUnhandled');
    const current = await h.gql<{ deleteTicketMdl: { id: string; _version: number } }>(staff.token, remove, { input: { id: ticket.id, _version: 2 } });
    expect(current.body.data?.deleteTicketMdl).toEqual({ id: ticket.id, _version: 2 });
  });

  it('refuses a version that no record can have with a BadRequestException', async () => {
    const ticket = await newTicket();
    const res = await h.gql(staff.token, UPDATE, { input: { id: ticket.id, status: 'x', _version: 0 } });
    expect(res.body.errors?.[0]?.errorType).toBe('BadRequestException');
    expect(res.body.errors?.[0]?.message).toContain('_version');
  });

  it('lands all of 20 concurrent comment appends from two writers, none lost, each version bump counted', async () => {
    const ticket = await newTicket({ comments: JSON.stringify([{ text: 'first', by: 'Old', at: '2026-01-01T00:00:00.000Z' }]) });
    const writers = Array.from({ length: 20 }, (_, i) =>
      h.gql<{ appendToTicketMdl: Ticket }>(i % 2 === 0 ? staff.token : admin.token, APPEND, { input: { id: ticket.id, field: 'comments', item: JSON.stringify({ text: `comment ${i}` }) } }),
    );
    const results = await Promise.all(writers);
    for (const r of results) expect(r.body.errors).toBeUndefined();
    const stored = await h.gql<{ getTicketMdl: Ticket }>(admin.token, `query ($id: ID!) { getTicketMdl(id: $id) { ${TICKET} } }`, { id: ticket.id });
    const comments = JSON.parse(stored.body.data?.getTicketMdl.comments ?? '[]') as { text: string }[];
    expect(comments).toHaveLength(21);
    expect(comments[0]?.text).toBe('first');
    expect(new Set(comments.map((c) => c.text))).toEqual(new Set(['first', ...Array.from({ length: 20 }, (_, i) => `comment ${i}`)]));
    expect(stored.body.data?.getTicketMdl._version).toBe(21);
  });

  it('appends timeline events too, and one with a stale _version is a conflict', async () => {
    const ticket = await newTicket();
    const first = await h.gql<{ appendToTicketMdl: Ticket & { timelineEvents?: string } }>(
      staff.token,
      `mutation ($input: AppendToTicketMdlInput!) { appendToTicketMdl(input: $input) { id timelineEvents _version } }`,
      { input: { id: ticket.id, field: 'timelineEvents', item: JSON.stringify({ event: 'status', to: 'pending' }), _version: 1 } },
    );
    expect(first.body.errors).toBeUndefined();
    expect(JSON.parse(first.body.data?.appendToTicketMdl.timelineEvents ?? '[]')).toMatchObject([{ event: 'status', to: 'pending' }]);
    const stale = await h.gql(staff.token, APPEND, { input: { id: ticket.id, field: 'timelineEvents', item: '{"event":"x"}', _version: 1 } });
    expect(stale.body.errors?.[0]?.errorType).toBe('ConflictUnhandled');
  });

  it('stamps the author and time of an appended item on the server, whatever the client claims', async () => {
    // Threat: a staff user forges a comment as someone else, or back-dates it, by sending by/at in the item.
    const ticket = await newTicket();
    const before = Date.now();
    const res = await h.gql<{ appendToTicketMdl: Ticket }>(staff.token, APPEND, {
      input: { id: ticket.id, field: 'comments', item: JSON.stringify({ text: 'hello', by: 'The CEO', byUserId: 'admin-ann', at: '2000-01-01T00:00:00.000Z' }) },
    });
    expect(res.body.errors).toBeUndefined();
    const [comment] = JSON.parse(res.body.data?.appendToTicketMdl.comments ?? '[]') as { text: string; by: string; byUserId: string; at: string }[];
    expect(comment?.text).toBe('hello');
    expect(comment?.byUserId).toBe('staff-sam');
    expect(comment?.by).toBe('staff-sam');
    expect(Date.parse(comment?.at ?? '')).toBeGreaterThanOrEqual(before - 60_000);
    const byAdmin = await h.gql<{ appendToTicketMdl: Ticket }>(admin.token, APPEND, { input: { id: ticket.id, field: 'comments', item: '{"text":"hi"}' } });
    const comments = JSON.parse(byAdmin.body.data?.appendToTicketMdl.comments ?? '[]') as { by: string }[];
    expect(comments[1]?.by).toBe('admin-ann');
  });

  it('refuses appends by callers who may not update the record', async () => {
    // Threat: a client user adds comments to an internal ticket through the append path.
    const ticket = await newTicket();
    const client = await makeUser(h, 'client-cal', { clientNumber: 'C1' });
    const res = await h.gql(client.token, APPEND, { input: { id: ticket.id, field: 'comments', item: '{"text":"let me in"}' } });
    expect(res.body.errors?.[0]?.errorType).toBe('Unauthorized');
    const stored = await h.gql<{ getTicketMdl: Ticket }>(admin.token, `query ($id: ID!) { getTicketMdl(id: $id) { comments _version } }`, { id: ticket.id });
    expect(stored.body.data?.getTicketMdl).toEqual({ comments: null, _version: 1 });
  });

  it('answers a bad item, a field that is not a list and a missing record with typed errors', async () => {
    const ticket = await newTicket({ comments: '{"not":"a list"}' });
    const notObject = await h.gql(staff.token, APPEND, { input: { id: ticket.id, field: 'timelineEvents', item: '[1,2]' } });
    expect(notObject.body.errors?.[0]).toMatchObject({ errorType: 'BadRequestException' });
    expect(notObject.body.errors?.[0]?.message).toContain('JSON object');
    const notList = await h.gql(staff.token, APPEND, { input: { id: ticket.id, field: 'comments', item: '{"text":"x"}' } });
    expect(notList.body.errors?.[0]).toMatchObject({ errorType: 'BadRequestException' });
    expect(notList.body.errors?.[0]?.message).toContain('does not hold a JSON list');
    const unknownField = await h.gql(staff.token, APPEND, { input: { id: ticket.id, field: 'subject', item: '{"text":"x"}' } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors?.[0]?.errorType).toBe('ValidationError');
    const missing = await h.gql(staff.token, APPEND, { input: { id: 'no-such-ticket', field: 'comments', item: '{"text":"x"}' } });
    expect(missing.body.errors?.[0]?.errorType).toBe('ConditionalCheckFailedException');
  });

  it('bumps _version when a batch upsert changes a record, not when it matches it exactly', async () => {
    await h.gql(admin.token, `mutation { createClientMdl(input: { clientNumber: "V1", clientName: "Versions" }) { id } }`);
    const batch = `mutation ($input: [CreateAccountMdlInput!]!) { batchUpsertAccountMdls(input: $input) { created updated unchanged } }`;
    await h.gql(admin.token, batch, { input: [{ clientNumber: 'V1', fileNumber: 'F1', accountStatus: 'open' }] });
    await h.gql(admin.token, batch, { input: [{ clientNumber: 'V1', fileNumber: 'F1', accountStatus: 'open' }] });
    await h.gql(admin.token, batch, { input: [{ clientNumber: 'V1', fileNumber: 'F1', accountStatus: 'closed' }] });
    const res = await h.gql<{ listAccountMdls: { items: { accountStatus: string; _version: number }[] } }>(
      admin.token,
      `{ listAccountMdls(filter: { fileNumber: { eq: "F1" } }) { items { accountStatus _version } } }`,
    );
    expect(res.body.data?.listAccountMdls.items).toEqual([{ accountStatus: 'closed', _version: 2 }]);
  });
});
