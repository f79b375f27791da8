// CreateTerms, DescribeTerms, DescribeTermsByClient, UpdateTerms, DeleteTerms and ListTerms through
// the AWS SDK v3 client, and the links on the hosted sign-up page, on PGlite and PostgreSQL.
import {
  CreateTermsCommand,
  DeleteTermsCommand,
  DescribeTermsByClientCommand,
  DescribeTermsCommand,
  ListTermsCommand,
  UpdateTermsCommand,
  type CreateTermsCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../audit/audit-fixtures.js';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { hostedSignInPage, hostedSignUpPage, newHostedClient } from './hosted-look-fixtures.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

const TERMS_URL = 'https://terms.example.com/use';
const TERMS_URL_ES = 'https://terms.example.com/es/uso';
const PRIVACY_URL = 'https://terms.example.com/privacy';

describe.each(BOTH_DATABASES)('terms on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  const terms = (clientId: string, more: Partial<CreateTermsCommandInput> = {}): CreateTermsCommandInput => ({
    UserPoolId: poolId,
    ClientId: clientId,
    TermsName: 'terms-of-use',
    TermsSource: 'LINK',
    Enforcement: 'NONE',
    Links: { 'cognito:default': TERMS_URL, 'cognito:spanish': TERMS_URL_ES },
    ...more,
  });

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('creates terms of an app client and describes them by id and by client', async () => {
    const clientId = await newHostedClient(server);
    const created = (await sdk.admin.send(new CreateTermsCommand(terms(clientId)))).Terms;
    expect(created).toMatchObject({ UserPoolId: poolId, ClientId: clientId, TermsName: 'terms-of-use', TermsSource: 'LINK', Enforcement: 'NONE', Links: { 'cognito:default': TERMS_URL, 'cognito:spanish': TERMS_URL_ES } });
    expect(created?.TermsId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created?.CreationDate).toBeInstanceOf(Date);
    expect((await sdk.admin.send(new DescribeTermsCommand({ UserPoolId: poolId, TermsId: created?.TermsId }))).Terms).toEqual(created);
    expect((await sdk.admin.send(new DescribeTermsByClientCommand({ UserPoolId: poolId, ClientId: clientId, TermsName: 'terms-of-use' }))).Terms).toEqual(created);
    expect((await sdkError(sdk.admin.send(new DescribeTermsByClientCommand({ UserPoolId: poolId, ClientId: clientId, TermsName: 'privacy-policy' })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new CreateTermsCommand(terms(clientId))))).name).toBe('TermsExistsException');
    expect((await entriesOf(server, 'admin.terms.created')).at(-1)).toMatchObject({ record: { type: 'terms', id: created?.TermsId }, changes: { name: { after: 'terms-of-use' } } });
  });

  it("refuses what Cognito refuses: other names, links without a default or to plain http, other clients' ids", async () => {
    const clientId = await newHostedClient(server);
    const refused = async (input: CreateTermsCommandInput, name = 'InvalidParameterException'): Promise<void> => {
      expect((await sdkError(sdk.admin.send(new CreateTermsCommand(input)))).name).toBe(name);
    };
    await refused(terms(clientId, { TermsName: 'cookie-policy' }));
    await refused(terms(clientId, { Links: { 'cognito:spanish': TERMS_URL_ES } }));
    await refused(terms(clientId, { Links: { 'cognito:default': 'http://terms.example.com/' } }));
    await refused(terms(clientId, { Links: { 'cognito:default': 'javascript:alert(1)' } }));
    await refused(terms(clientId, { Links: { 'cognito:default': TERMS_URL, 'cognito:klingon': TERMS_URL } }));
    await refused(terms(clientId, { TermsSource: 'INLINE' as 'LINK' }));
    await refused(terms('nosuchclient'), 'ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new DescribeTermsCommand({ UserPoolId: poolId, TermsId: '00000000-0000-4000-8000-000000000000' })))).name).toBe('ResourceNotFoundException');
  });

  it('updates the members given, lists terms page by page, and deletes them', async () => {
    const clientId = await newHostedClient(server);
    const use = (await sdk.admin.send(new CreateTermsCommand(terms(clientId)))).Terms;
    const privacy = (await sdk.admin.send(new CreateTermsCommand(terms(clientId, { TermsName: 'privacy-policy', Links: { 'cognito:default': PRIVACY_URL } })))).Terms;
    const updated = await sdk.admin.send(new UpdateTermsCommand({ UserPoolId: poolId, TermsId: use?.TermsId, Links: { 'cognito:default': 'https://terms.example.com/v2' } }));
    expect(updated.Terms).toMatchObject({ TermsName: 'terms-of-use', Links: { 'cognito:default': 'https://terms.example.com/v2' } });
    expect(updated.Terms?.Links?.['cognito:spanish']).toBeUndefined();
    expect((await sdkError(sdk.admin.send(new UpdateTermsCommand({ UserPoolId: poolId, TermsId: use?.TermsId, TermsName: 'privacy-policy' })))).name).toBe('TermsExistsException');

    const seen: string[] = [];
    let next: string | undefined;
    do {
      const page = await sdk.admin.send(new ListTermsCommand({ UserPoolId: poolId, MaxResults: 1, ...(next !== undefined ? { NextToken: next } : {}) }));
      expect(page.Terms?.length).toBeLessThanOrEqual(1);
      seen.push(...(page.Terms ?? []).map((t) => t.TermsId ?? ''));
      next = page.NextToken;
    } while (next !== undefined);
    expect(seen).toEqual(expect.arrayContaining([use?.TermsId, privacy?.TermsId]));
    expect(new Set(seen).size).toBe(seen.length);

    await sdk.admin.send(new DeleteTermsCommand({ UserPoolId: poolId, TermsId: privacy?.TermsId }));
    expect((await sdkError(sdk.admin.send(new DescribeTermsCommand({ UserPoolId: poolId, TermsId: privacy?.TermsId })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new DeleteTermsCommand({ UserPoolId: poolId, TermsId: privacy?.TermsId })))).name).toBe('ResourceNotFoundException');
    expect((await entriesOf(server, 'admin.terms.deleted')).at(-1)?.record).toEqual({ type: 'terms', id: privacy?.TermsId });
    expect((await entriesOf(server, 'admin.terms.updated')).at(-1)?.changes?.links).toBeDefined();
  });

  it('shows the links on the hosted sign-up page once both documents exist, in the page language', async () => {
    const clientId = await newHostedClient(server);
    await sdk.admin.send(new CreateTermsCommand(terms(clientId)));
    // As Cognito's: one document alone is not shown.
    expect((await hostedSignUpPage(server, clientId)).html).not.toContain(TERMS_URL);
    await sdk.admin.send(new CreateTermsCommand(terms(clientId, { TermsName: 'privacy-policy', Links: { 'cognito:default': PRIVACY_URL } })));
    const page = await hostedSignUpPage(server, clientId);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<a href="${TERMS_URL}" rel="noopener noreferrer" target="_blank">Terms of use</a>`);
    expect(page.html).toContain(`<a href="${PRIVACY_URL}" rel="noopener noreferrer" target="_blank">Privacy policy</a>`);
    expect(page.html).toContain('legalText-customizable');
    const spanish = await hostedSignUpPage(server, clientId, { lang: 'es' });
    expect(spanish.html).toContain(TERMS_URL_ES);
    expect(spanish.html).toContain(PRIVACY_URL);
    // Another client's sign-up page and this client's sign-in page do not show them.
    expect((await hostedSignUpPage(server, await newHostedClient(server))).html).not.toContain('legalText-customizable"');
    expect((await hostedSignInPage(server, clientId)).html).not.toContain(TERMS_URL);
  });

  it('answers only the admin credential', async () => {
    // Threat: an unsigned caller pointing the sign-up page's legal links at a site of its choosing.
    const clientId = server.pool.clientId;
    const id = '00000000-0000-4000-8000-000000000000';
    await expectAdminOnly(server, sdk, 'CreateTerms', terms(clientId) as unknown as Record<string, unknown>);
    await expectAdminOnly(server, sdk, 'DescribeTerms', { UserPoolId: poolId, TermsId: id });
    await expectAdminOnly(server, sdk, 'DescribeTermsByClient', { UserPoolId: poolId, ClientId: clientId, TermsName: 'terms-of-use' });
    await expectAdminOnly(server, sdk, 'UpdateTerms', { UserPoolId: poolId, TermsId: id, Links: { 'cognito:default': TERMS_URL } });
    await expectAdminOnly(server, sdk, 'DeleteTerms', { UserPoolId: poolId, TermsId: id });
    await expectAdminOnly(server, sdk, 'ListTerms', { UserPoolId: poolId });
  });
});
