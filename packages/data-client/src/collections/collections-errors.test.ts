// The collector's-desk operations' error mapping and wire shapes, over a scripted transport (the
// behaviour against the real server is in collections-operations.test.ts).
import { describe, expect, it } from 'vitest';
import { DataApiRequestError } from '../errors/data-client-errors.js';
import type { GraphqlTransport } from '../graphql/graphql-transport.js';
import { ContactNotAllowedError, createCollectionsOperations } from './collections-operations.js';

function failing(error: unknown): GraphqlTransport {
  return { request: () => Promise.reject(error instanceof Error ? error : new Error(String(error))) };
}

function answering(data: Record<string, unknown>, sent: { query: string; variables: Record<string, unknown> }[] = []): GraphqlTransport {
  return {
    request: <T>(query: string, variables: Record<string, unknown> = {}) => {
      sent.push({ query, variables });
      return Promise.resolve(data as T);
    },
  };
}

describe('collections operations', () => {
  it('turns a ContactNotAllowedException into a ContactNotAllowedError with its reasons and next allowed time', async () => {
    const refusal = new DataApiRequestError(200, [
      {
        errorType: 'ContactNotAllowedException',
        message: 'Calls are allowed only 08:00–21:00',
        errorInfo: { reasons: [{ code: 'OUTSIDE_HOURS', message: 'Calls are allowed only 08:00–21:00 in the consumer’s local time.' }], nextAllowedAt: '2026-12-02T15:00:00.000Z' },
      },
    ]);
    const operations = createCollectionsOperations(failing(refusal));
    const error = await operations.recordCall({ accountId: 'a', debtorId: 'd', outcome: 'no_answer', clientReference: 'r1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactNotAllowedError);
    const refused = error as ContactNotAllowedError;
    expect(refused.errorType).toBe('ContactNotAllowedException');
    expect(refused.reasons).toEqual([{ code: 'OUTSIDE_HOURS', message: 'Calls are allowed only 08:00–21:00 in the consumer’s local time.' }]);
    expect(refused.nextAllowedAt).toBe('2026-12-02T15:00:00.000Z');
  });

  it('leaves other refusals as they came', async () => {
    const refusal = new DataApiRequestError(200, [{ errorType: 'NotAuthorized', message: 'Only supervisors may override' }]);
    const error = await createCollectionsOperations(failing(refusal)).recordCall({ accountId: 'a', debtorId: 'd', outcome: 'refused', overrideReason: 'x', clientReference: 'r' }).catch((e: unknown) => e);
    expect(error).toBe(refusal);
    expect(error).not.toBeInstanceOf(ContactNotAllowedError);
  });

  it('sends money as integer cents and leaves out the optional fields not given', async () => {
    const sent: { query: string; variables: Record<string, unknown> }[] = [];
    const posting = { transactionId: 't', duplicate: false, account: { accountId: 'a', originalCents: 100000, paidCents: 12345, balanceCents: 87655, _version: 2 }, promises: [] };
    const result = await createCollectionsOperations(answering({ postPayment: posting }, sent)).postPayment({ accountId: 'a', amountCents: 12345, paymentDate: '2026-12-01', method: 'card', clientReference: 'ref-1' });
    expect(result).toEqual(posting);
    expect(sent[0]?.variables).toEqual({ input: { accountId: 'a', amountCents: 12345, paymentDate: '2026-12-01', method: 'card', clientReference: 'ref-1' } });
    expect(sent[0]?.query).toContain('postPayment(input: $input)');
  });

  it("parses the workspace's JSON fields", async () => {
    const workspace = {
      account: { id: 'a' },
      debtors: [{ id: 'd', doNotContact: '{"channels":["sms"]}', location: '{"timeZones":["America/Denver"]}', callHistory: '[]', refusals: '[]' }],
      activity: [{ id: 'x', details: '{"outcome":"right_party"}' }],
      ledger: [],
      promises: [],
      followUps: [],
      contactRules: '{"name":"federal"}',
    };
    const result = await createCollectionsOperations(answering({ accountWorkspace: workspace })).accountWorkspace('a');
    expect(result.debtors[0]?.doNotContact).toEqual({ channels: ['sms'] });
    expect(result.debtors[0]?.location).toEqual({ timeZones: ['America/Denver'] });
    expect(result.activity[0]?.details).toEqual({ outcome: 'right_party' });
    expect(result.contactRules).toEqual({ name: 'federal' });
  });
});
