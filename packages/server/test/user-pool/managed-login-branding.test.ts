// CreateManagedLoginBranding, DescribeManagedLoginBranding, DescribeManagedLoginBrandingByClient,
// UpdateManagedLoginBranding and DeleteManagedLoginBranding through the AWS SDK v3 client, on PGlite
// and PostgreSQL.
import {
  CreateManagedLoginBrandingCommand,
  DeleteManagedLoginBrandingCommand,
  DeleteUserPoolClientCommand,
  DescribeManagedLoginBrandingByClientCommand,
  DescribeManagedLoginBrandingCommand,
  UpdateManagedLoginBrandingCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../audit/audit-fixtures.js';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { newHostedClient } from './hosted-look-fixtures.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>');
const SETTINGS = { components: { primaryButton: { lightMode: { defaults: { backgroundColor: '0a0a0aff' } } } }, categories: { global: { colorSchemeMode: 'DARK' } } };

describe.each(BOTH_DATABASES)('managed login branding on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('creates one style per app client with Settings and Assets, and describes it by id and by client', async () => {
    const clientId = await newHostedClient(server);
    const created = await sdk.admin.send(
      new CreateManagedLoginBrandingCommand({
        UserPoolId: poolId,
        ClientId: clientId,
        Settings: SETTINGS,
        Assets: [
          { Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'PNG', Bytes: PNG },
          { Category: 'FAVICON_SVG', ColorMode: 'DYNAMIC', Extension: 'SVG', Bytes: SVG },
        ],
      }),
    );
    const branding = created.ManagedLoginBranding;
    expect(branding).toMatchObject({ UserPoolId: poolId, UseCognitoProvidedValues: false, Settings: SETTINGS });
    expect(branding?.ManagedLoginBrandingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(branding?.Assets?.[0]?.Bytes ?? new Uint8Array()).equals(PNG)).toBe(true);
    expect(branding?.Assets?.map((a) => `${a.Category}/${a.ColorMode}/${a.Extension}`)).toEqual(['FORM_LOGO/LIGHT/PNG', 'FAVICON_SVG/DYNAMIC/SVG']);
    const byId = await sdk.admin.send(new DescribeManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: branding?.ManagedLoginBrandingId }));
    expect(byId.ManagedLoginBranding).toEqual(branding);
    const byClient = await sdk.admin.send(new DescribeManagedLoginBrandingByClientCommand({ UserPoolId: poolId, ClientId: clientId }));
    expect(byClient.ManagedLoginBranding).toEqual(branding);
    const second = await sdkError(sdk.admin.send(new CreateManagedLoginBrandingCommand({ UserPoolId: poolId, ClientId: clientId, UseCognitoProvidedValues: true })));
    expect(second.name).toBe('ManagedLoginBrandingExistsException');
    expect((await entriesOf(server, 'admin.branding.created')).at(-1)).toMatchObject({ record: { type: 'managed_login_branding', id: branding?.ManagedLoginBrandingId } });
  });

  it('merges Settings into the defaults with ReturnMergedResources, and UseCognitoProvidedValues stands for the defaults', async () => {
    const clientId = await newHostedClient(server);
    const created = await sdk.admin.send(new CreateManagedLoginBrandingCommand({ UserPoolId: poolId, ClientId: clientId, Settings: SETTINGS }));
    const id = created.ManagedLoginBranding?.ManagedLoginBrandingId;
    const merged = (await sdk.admin.send(new DescribeManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: id, ReturnMergedResources: true }))).ManagedLoginBranding?.Settings as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    // The request's value wins; the defaults fill in what it left out.
    expect(merged.categories?.global).toMatchObject({ colorSchemeMode: 'DARK', pageHeader: { enabled: false } });
    expect(merged.components?.pageBackground).toBeDefined();
    const defaults = await sdk.admin.send(new UpdateManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: id, UseCognitoProvidedValues: true }));
    expect(defaults.ManagedLoginBranding).toMatchObject({ UseCognitoProvidedValues: true, Assets: [] });
    expect(defaults.ManagedLoginBranding?.Settings).toBeUndefined();
    const mergedDefaults = await sdk.admin.send(new DescribeManagedLoginBrandingByClientCommand({ UserPoolId: poolId, ClientId: clientId, ReturnMergedResources: true }));
    expect(mergedDefaults.ManagedLoginBranding?.Settings).toMatchObject({ categories: { global: { colorSchemeMode: 'LIGHT' } } });
  });

  it('updates Settings and Assets given and keeps those left out', async () => {
    const clientId = await newHostedClient(server);
    const id = (await sdk.admin.send(new CreateManagedLoginBrandingCommand({ UserPoolId: poolId, ClientId: clientId, Settings: SETTINGS, Assets: [{ Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'PNG', Bytes: PNG }] })))
      .ManagedLoginBranding?.ManagedLoginBrandingId;
    const updated = await sdk.admin.send(new UpdateManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: id, Settings: { categories: { global: { colorSchemeMode: 'LIGHT' } } } }));
    expect(updated.ManagedLoginBranding?.Settings).toEqual({ categories: { global: { colorSchemeMode: 'LIGHT' } } });
    expect(updated.ManagedLoginBranding?.Assets).toHaveLength(1);
    const noAssets = await sdk.admin.send(new UpdateManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: id, Assets: [] }));
    expect(noAssets.ManagedLoginBranding?.Assets).toEqual([]);
    expect(noAssets.ManagedLoginBranding?.Settings).toEqual({ categories: { global: { colorSchemeMode: 'LIGHT' } } });
    expect((await entriesOf(server, 'admin.branding.updated')).at(-1)?.changes?.assets).toEqual({ before: [{ category: 'FORM_LOGO', colorMode: 'LIGHT', extension: 'PNG', bytes: PNG.length }], after: [] });
  });

  it('refuses values Cognito refuses: defaults with Settings, repeated or mislabelled assets, unknown clients and ids', async () => {
    const clientId = await newHostedClient(server);
    const refused = async (input: ConstructorParameters<typeof CreateManagedLoginBrandingCommand>[0], name = 'InvalidParameterException'): Promise<void> => {
      expect((await sdkError(sdk.admin.send(new CreateManagedLoginBrandingCommand(input)))).name).toBe(name);
    };
    await refused({ UserPoolId: poolId, ClientId: clientId, UseCognitoProvidedValues: true, Settings: SETTINGS });
    await refused({
      UserPoolId: poolId,
      ClientId: clientId,
      Assets: [
        { Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'PNG', Bytes: PNG },
        { Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'PNG', Bytes: PNG },
      ],
    });
    await refused({ UserPoolId: poolId, ClientId: clientId, Assets: [{ Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'JPEG', Bytes: PNG }] });
    await refused({ UserPoolId: poolId, ClientId: clientId, Assets: [{ Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'PNG' }] });
    await refused({ UserPoolId: poolId, ClientId: clientId, Settings: ['not', 'an', 'object'] });
    await refused({ UserPoolId: poolId, ClientId: 'nosuchclient' }, 'ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new DescribeManagedLoginBrandingByClientCommand({ UserPoolId: poolId, ClientId: clientId })))).name).toBe('ResourceNotFoundException');
    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect((await sdkError(sdk.admin.send(new DescribeManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: unknownId })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new DescribeManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: 'not-a-uuid' })))).name).toBe('InvalidParameterException');
  });

  it('deletes a style, and deleting the app client deletes its style', async () => {
    const clientId = await newHostedClient(server);
    const id = (await sdk.admin.send(new CreateManagedLoginBrandingCommand({ UserPoolId: poolId, ClientId: clientId, UseCognitoProvidedValues: true }))).ManagedLoginBranding?.ManagedLoginBrandingId;
    await sdk.admin.send(new DeleteManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: id }));
    expect((await sdkError(sdk.admin.send(new DescribeManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: id })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new DeleteManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: id })))).name).toBe('ResourceNotFoundException');
    expect((await entriesOf(server, 'admin.branding.deleted')).at(-1)?.record).toEqual({ type: 'managed_login_branding', id });

    const again = (await sdk.admin.send(new CreateManagedLoginBrandingCommand({ UserPoolId: poolId, ClientId: clientId, UseCognitoProvidedValues: true }))).ManagedLoginBranding?.ManagedLoginBrandingId;
    await sdk.admin.send(new DeleteUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }));
    expect((await sdkError(sdk.admin.send(new DescribeManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: again })))).name).toBe('ResourceNotFoundException');
  });

  it('answers only the admin credential', async () => {
    // Threat: an unsigned caller restyling or replacing the sign-in page's images could dress it up as a lure.
    const clientId = server.pool.clientId;
    const id = '00000000-0000-4000-8000-000000000000';
    await expectAdminOnly(server, sdk, 'CreateManagedLoginBranding', { UserPoolId: poolId, ClientId: clientId, UseCognitoProvidedValues: true });
    await expectAdminOnly(server, sdk, 'DescribeManagedLoginBranding', { UserPoolId: poolId, ManagedLoginBrandingId: id });
    await expectAdminOnly(server, sdk, 'DescribeManagedLoginBrandingByClient', { UserPoolId: poolId, ClientId: clientId });
    await expectAdminOnly(server, sdk, 'UpdateManagedLoginBranding', { UserPoolId: poolId, ManagedLoginBrandingId: id, UseCognitoProvidedValues: true });
    await expectAdminOnly(server, sdk, 'DeleteManagedLoginBranding', { UserPoolId: poolId, ManagedLoginBrandingId: id });
  });
});
