// What the hosted sign-in page renders of a managed-login branding style (CreateManagedLoginBranding):
// the generated stylesheet, logos and favicon from the style's Settings and Assets, served from
// managed login's own origin under an unchanged CSP, on PGlite and PostgreSQL. The page and its files
// are fetched over HTTP from the real server.
import {
  CreateManagedLoginBrandingCommand,
  CreateUserPoolDomainCommand,
  DeleteUserPoolDomainCommand,
  SetUICustomizationCommand,
  UpdateManagedLoginBrandingCommand,
  UpdateUserPoolDomainCommand,
  type AssetType,
  type CreateManagedLoginBrandingCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { fetchVia } from '../oauth/host-fetch.js';
import { hostedSignInPage, newHostedClient } from './hosted-look-fixtures.js';
import { sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

// A 1×1 PNG, the first bytes of an ICO, and a plain SVG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const ICO = Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]);
const SVG = Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>');

const SUFFIX = 'auth.steward.test';
const BUTTON = { backgroundColor: 'c0ffeeff', textColor: '102030ff' };
const SETTINGS = {
  categories: { global: { colorSchemeMode: 'LIGHT' } },
  components: {
    primaryButton: { lightMode: { defaults: BUTTON, hover: { backgroundColor: '0a0b0cff' }, active: { backgroundColor: '0d0e0fff', textColor: 'fafafaff' } } },
    pageBackground: { lightMode: { color: 'f0f1f2ff' } },
    form: { lightMode: { backgroundColor: 'fefefeff', borderColor: 'abcdefff' } },
  },
  componentClasses: {
    link: { lightMode: { defaults: { textColor: '123456ff' }, hover: { textColor: '654321ff' } } },
    input: { lightMode: { defaults: { borderColor: '777777ff' } } },
  },
};

/** The href of the page's branding stylesheet, if it links one. */
function brandingCssHref(html: string): string | undefined {
  return /<link rel="stylesheet" href="(\/login-assets\/branding\/[^"]+\/style\.css\?v=[0-9a-z]+)">/.exec(html)?.[1];
}

// Every line the generator may write: a comment, a colour-scheme rule, a media query on the colour
// scheme, its closing brace, or one rule of fixed selectors whose values are hex colours or url()s of
// this origin's branding paths.
const SELECTOR = '(?:html, body|\\.auth-page|\\.button--primary(?::hover|:active)?|\\.auth-card|a, \\.button--link|a:hover, \\.button--link:hover|\\.field__input(?:::placeholder)?)';
const VALUE = '(?:#[0-9a-f]{6,8}|url\\("/login-assets/branding/[0-9a-f-]{36}/assets/[A-Z_]+/[A-Z]+\\?v=[0-9a-z]+"\\) center / cover no-repeat (?:#[0-9a-f]{6,8}|var\\(--bg\\)))';
const CSS_LINE = new RegExp(
  `^(?:/\\* [\\w ()-,.]+ \\*/|:root \\{ color-scheme: (?:light|dark); \\}|@media \\(prefers-color-scheme: (?:light|dark)\\) \\{|\\}|\\s*${SELECTOR} \\{(?: [a-z-]+: ${VALUE};)+ \\})$`,
);

describe.each(BOTH_DATABASES)('managed login branding on the hosted page on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: { ...AUTH_TEST_ENV, MANAGED_LOGIN_DOMAIN_SUFFIX: SUFFIX } });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  async function styledClient(settings: CreateManagedLoginBrandingCommandInput['Settings'], assets: AssetType[] = []): Promise<string> {
    const clientId = await newHostedClient(server);
    await sdk.admin.send(new CreateManagedLoginBrandingCommand({ UserPoolId: poolId, ClientId: clientId, ...(settings !== undefined ? { Settings: settings } : {}), Assets: assets }));
    return clientId;
  }

  async function get(path: string): Promise<Response> {
    return fetch(new URL(path.replace(/&amp;/g, '&'), server.managedLoginUrl));
  }

  it('links a stylesheet carrying the primary button colour and shows the form logo and favicon, under the unchanged CSP', async () => {
    const plain = await hostedSignInPage(server, await newHostedClient(server));
    const clientId = await styledClient(SETTINGS, [
      { Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'PNG', Bytes: PNG },
      { Category: 'FAVICON_ICO', ColorMode: 'DYNAMIC', Extension: 'ICO', Bytes: ICO },
    ]);
    // A classic customization of the same client gives way to the style (Cognito's versions 1 and 2).
    await sdk.admin.send(new SetUICustomizationCommand({ UserPoolId: poolId, ClientId: clientId, CSS: '.banner-customizable { color: red; }', ImageFile: PNG }));
    const page = await hostedSignInPage(server, clientId);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en" data-color-scheme="light">');
    expect(page.html).not.toContain('/login-assets/ui/');

    const href = brandingCssHref(page.html);
    expect(href).toBeDefined();
    const css = await get(href ?? '');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const text = await css.text();
    expect(text).toContain('.button--primary { background: #c0ffeeff; color: #102030ff; }');
    expect(text).toContain('.button--primary:hover { background: #0a0b0cff; }');
    expect(text).toContain('.button--primary:active { background: #0d0e0fff; color: #fafafaff; }');
    expect(text).toContain('.auth-page { background: #f0f1f2ff; }');
    expect(text).toContain('.auth-card { background-color: #fefefeff; border-color: #abcdefff; }');
    expect(text).toContain('a, .button--link { color: #123456ff; }');
    expect(text).toContain('.field__input { border-color: #777777ff; }');
    expect(text).not.toContain('@media');

    const logoSrc = /<img class="auth-card__logo" src="([^"]+)" alt="">/.exec(page.html)?.[1];
    expect(logoSrc).toMatch(/^\/login-assets\/branding\/[0-9a-f-]{36}\/assets\/FORM_LOGO\/LIGHT\?v=/);
    const logo = await get(logoSrc ?? '');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);

    const faviconHref = /<link rel="icon" type="image\/x-icon" href="([^"]+)">/.exec(page.html)?.[1];
    const favicon = await get(faviconHref ?? '');
    expect(favicon.headers.get('content-type')).toBe('image/x-icon');
    expect(Buffer.from(await favicon.arrayBuffer()).equals(ICO)).toBe(true);

    // Same-origin files: the page's policy needs no exception and is the one every page has.
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(plain.headers.get('content-security-policy'));
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|script-src/);
  });

  it('follows the browser with prefers-color-scheme when the settings give both modes, and pins a scheme the settings name', async () => {
    const both = await styledClient(
      { components: { primaryButton: { lightMode: { defaults: { backgroundColor: '111111ff' } }, darkMode: { defaults: { backgroundColor: 'eeeeeeff' } } } } },
      [
        { Category: 'PAGE_HEADER_LOGO', ColorMode: 'LIGHT', Extension: 'PNG', Bytes: PNG },
        { Category: 'PAGE_HEADER_LOGO', ColorMode: 'DARK', Extension: 'SVG', Bytes: SVG },
        { Category: 'PAGE_BACKGROUND', ColorMode: 'DYNAMIC', Extension: 'PNG', Bytes: PNG },
      ],
    );
    const page = await hostedSignInPage(server, both);
    expect(page.html).toContain('<html lang="en">');
    const css = await (await get(brandingCssHref(page.html) ?? '')).text();
    const blocks = Object.fromEntries([...css.matchAll(/@media \(prefers-color-scheme: (light|dark)\) \{\n([\s\S]*?)\n\}/g)].map((m) => [m[1], m[2]]));
    expect(blocks.light).toContain('.button--primary { background: #111111ff; }');
    expect(blocks.dark).toContain('.button--primary { background: #eeeeeeff; }');
    expect(blocks.dark).not.toContain('#111111ff');
    expect(css).toMatch(/\.auth-page \{ background: url\("\/login-assets\/branding\/[0-9a-f-]{36}\/assets\/PAGE_BACKGROUND\/DYNAMIC\?v=[0-9a-z]+"\) center \/ cover no-repeat var\(--bg\); \}/);
    // The header logo: the light one, and the dark one where the browser prefers dark.
    const picture = /<header class="auth-header"><picture><source media="\(prefers-color-scheme: dark\)" srcset="([^"]+)"><img class="auth-header__logo" src="([^"]+)" alt=""><\/picture><\/header>/.exec(page.html);
    expect(picture?.[1]).toContain('/PAGE_HEADER_LOGO/DARK?');
    expect(picture?.[2]).toContain('/PAGE_HEADER_LOGO/LIGHT?');
    const dark = await get(picture?.[1] ?? '');
    expect(dark.headers.get('content-type')).toBe('image/svg+xml');
    expect(dark.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");

    const pinned = await styledClient({ categories: { global: { colorSchemeMode: 'DARK' } }, components: { primaryButton: { lightMode: { defaults: { backgroundColor: '111111ff' } }, darkMode: { defaults: { backgroundColor: 'eeeeeeff' } } } } });
    const pinnedPage = await hostedSignInPage(server, pinned);
    expect(pinnedPage.html).toContain('<html lang="en" data-color-scheme="dark">');
    const pinnedCss = await (await get(brandingCssHref(pinnedPage.html) ?? '')).text();
    expect(pinnedCss).toContain('.button--primary { background: #eeeeeeff; }');
    expect(pinnedCss).not.toContain('#111111ff');
  });

  it('never lets a Settings value into the stylesheet unless it is a hex colour', async () => {
    // Threat: the stylesheet goes to everyone who opens the sign-in page. A value that closed the rule
    // or the <style>, loaded from another origin (a beacon leaking what people type) or ran script
    // would turn a stolen admin key, or a pasted designer file, into an attack on every sign-in.
    const hostile = [
      'red;}</style><script>alert(1)</script>',
      'url(javascript:alert(1))',
      '#fff; background-image: url(https://evil.example/beacon)',
      'expression(alert(1))',
      'ffffff} body { display: none',
      '00000000\\3c',
      'c0ffeeff;',
      '@import "https://evil.example/x.css"',
    ];
    const clientId = await newHostedClient(server);
    const created = await sdk.admin.send(
      new CreateManagedLoginBrandingCommand({
        UserPoolId: poolId,
        ClientId: clientId,
        Settings: {
          components: {
            primaryButton: { lightMode: { defaults: { backgroundColor: hostile[0], textColor: hostile[1] }, hover: { backgroundColor: hostile[6], textColor: '13579bff' } } },
            pageBackground: { lightMode: { color: hostile[2] }, image: { enabled: true } },
            form: { lightMode: { backgroundColor: hostile[3], borderColor: hostile[4] } },
          },
          componentClasses: { link: { lightMode: { defaults: { textColor: hostile[5] }, hover: { textColor: hostile[7] } } }, input: { lightMode: { defaults: { borderColor: { nested: 'ffffffff' } } } } },
          categories: { global: { colorSchemeMode: '</style><script>' } },
        },
      }),
    );
    // Stored and answered as given (it is only a document) …
    expect(created.ManagedLoginBranding?.Settings).toMatchObject({ components: { primaryButton: { lightMode: { defaults: { backgroundColor: hostile[0] } } } } });
    const page = await hostedSignInPage(server, clientId);
    expect(page.html).not.toMatch(/evil\.example|javascript:|<script>alert/);
    // … but the stylesheet holds the one valid colour and nothing else of the document.
    const css = await (await get(brandingCssHref(page.html) ?? '')).text();
    expect(css).toContain('.button--primary:hover { color: #13579bff; }');
    for (const line of css.trimEnd().split('\n')) expect(line).toMatch(CSS_LINE);
    expect(css).not.toMatch(/[<>\\@'"]|javascript|expression|evil|script|import/i);
  });

  it('refuses an asset that is not an image of the type it claims', async () => {
    // Threat: an asset is served from the sign-in page's own origin. An HTML page or script passed
    // off as an image would run there when opened directly, next to the sign-in forms and cookies.
    const clientId = await newHostedClient(server);
    const refused = async (asset: AssetType): Promise<void> => {
      const error = await sdkError(sdk.admin.send(new CreateManagedLoginBrandingCommand({ UserPoolId: poolId, ClientId: clientId, Assets: [asset] })));
      expect(error.name, `${asset.Extension}`).toBe('InvalidParameterException');
    };
    const html = Buffer.from('<!doctype html><html><body><svg></svg><script>alert(document.cookie)</script></body></html>');
    await refused({ Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'HTML' as AssetType['Extension'], Bytes: html });
    await refused({ Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'SVG', Bytes: html });
    await refused({ Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'PNG', Bytes: Buffer.from('alert(1)//') });
    await refused({ Category: 'FAVICON_ICO', ColorMode: 'LIGHT', Extension: 'ICO', Bytes: SVG });
    // Nothing was stored: the client has no style, and its page is the plain one.
    expect(brandingCssHref((await hostedSignInPage(server, clientId)).html)).toBeUndefined();
  });

  it('shows the page as it is without the style when it uses Cognito-provided values', async () => {
    const clientId = await styledClient(SETTINGS, [{ Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'PNG', Bytes: PNG }]);
    const styled = await hostedSignInPage(server, clientId);
    expect(brandingCssHref(styled.html)).toBeDefined();
    const id = /\/login-assets\/branding\/([0-9a-f-]{36})\//.exec(styled.html)?.[1] ?? '';
    await sdk.admin.send(new UpdateManagedLoginBrandingCommand({ UserPoolId: poolId, ManagedLoginBrandingId: id, UseCognitoProvidedValues: true }));
    const page = await hostedSignInPage(server, clientId);
    expect(page.html).not.toContain('/login-assets/branding/');
    expect(page.html).not.toContain('data-color-scheme');
    expect(page.html).toContain('<link rel="icon" href="data:image/svg+xml,');
    expect((await get(`/login-assets/branding/${id}/style.css`)).status).toBe(404);
    expect((await get(`/login-assets/branding/${id}/assets/FORM_LOGO/LIGHT`)).status).toBe(404);
  });

  it('renders the style only where managed login (ManagedLoginVersion 2) applies: the domain of the request, else the pool', async () => {
    const clientId = await styledClient(SETTINGS);
    const prefix = `brand-${database}`;
    const custom = `login.brand-${database}.example`;
    const port = new URL(server.managedLoginUrl).port;
    const via = fetchVia(server);
    const throughPrefix = { origin: `http://${prefix}.${SUFFIX}:${port}`, fetch: via };
    const throughCustom = { origin: `http://${custom}:${port}`, fetch: via };
    await sdk.admin.send(new CreateUserPoolDomainCommand({ UserPoolId: poolId, Domain: prefix, ManagedLoginVersion: 1 }));
    try {
      // Every domain of the pool is the classic hosted UI: the page is the classic one, on any host.
      expect(brandingCssHref((await hostedSignInPage(server, clientId)).html)).toBeUndefined();
      expect(brandingCssHref((await hostedSignInPage(server, clientId, {}, throughPrefix)).html)).toBeUndefined();
      await sdk.admin.send(new CreateUserPoolDomainCommand({ UserPoolId: poolId, Domain: custom, ManagedLoginVersion: 2, CustomDomainConfig: { CertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/brand' } }));
      try {
        // The request's domain decides; managed login's own origin follows the pool's version-2 domain.
        expect(brandingCssHref((await hostedSignInPage(server, clientId, {}, throughCustom)).html)).toBeDefined();
        expect(brandingCssHref((await hostedSignInPage(server, clientId, {}, throughPrefix)).html)).toBeUndefined();
        expect(brandingCssHref((await hostedSignInPage(server, clientId)).html)).toBeDefined();
      } finally {
        await sdk.admin.send(new DeleteUserPoolDomainCommand({ UserPoolId: poolId, Domain: custom }));
      }
      await sdk.admin.send(new UpdateUserPoolDomainCommand({ UserPoolId: poolId, Domain: prefix, ManagedLoginVersion: 2 }));
      expect(brandingCssHref((await hostedSignInPage(server, clientId, {}, throughPrefix)).html)).toBeDefined();
    } finally {
      await sdk.admin.send(new DeleteUserPoolDomainCommand({ UserPoolId: poolId, Domain: prefix }));
    }
  });

  it('answers 404 for branding files that do not exist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/login-assets/branding/${unknown}/style.css`)).status).toBe(404);
    expect((await get(`/login-assets/branding/${unknown}/assets/FORM_LOGO/LIGHT`)).status).toBe(404);
    expect((await get('/login-assets/branding/not-a-uuid/style.css')).status).toBe(404);
    const clientId = await styledClient(SETTINGS, [{ Category: 'FORM_LOGO', ColorMode: 'LIGHT', Extension: 'PNG', Bytes: PNG }]);
    const id = /\/login-assets\/branding\/([0-9a-f-]{36})\//.exec((await hostedSignInPage(server, clientId)).html)?.[1] ?? '';
    expect((await get(`/login-assets/branding/${id}/assets/FORM_LOGO/DARK`)).status).toBe(404);
    expect((await get(`/login-assets/branding/${id}/assets/NOT_A_CATEGORY/LIGHT`)).status).toBe(404);
  });
});
