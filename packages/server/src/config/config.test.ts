import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, REPO_ROOT } from './config-schema.js';
import { ConfigError, DEVELOPMENT_SECRET_VALUES, loadConfig, productionWarnings } from './config.js';

/** Production's three secrets, none at its public development value. */
const SECRETS = {
  CODE_PEPPER: 'a-long-production-pepper',
  SIGNING_KEY_SECRET: 'a-production-signing-key-secret-0123456789',
  DATA_SEALING_SECRET: 'a-production-data-sealing-secret-0123456789',
};

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      publicUrlIsExplicit: false,
      mode: 'development',
      region: 'us-east-1',
      issuerBaseUrl: 'https://cognito-idp.us-east-1.amazonaws.com',
      accessTokenTtlSeconds: 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      authSessionTtlSeconds: 180,
      seedDemo: true,
      usesDevPepper: true,
    });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, '.data', 'pglite'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it("reads the promises' default grace days and zone, and refuses a zone the platform does not know", () => {
    expect(loadConfig({})).toMatchObject({ promiseGraceDays: 3, collectionsTimeZone: 'America/New_York' });
    expect(loadConfig({ PROMISE_GRACE_DAYS: '5', COLLECTIONS_TIME_ZONE: 'America/Chicago' })).toMatchObject({ promiseGraceDays: 5, collectionsTimeZone: 'America/Chicago' });
    expect(() => loadConfig({ COLLECTIONS_TIME_ZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ PROMISE_GRACE_DAYS: '32' })).toThrow(ConfigError);
  });

  it('serves metrics on 127.0.0.1:9464 by default, on a free port when PORT=0, and not at all when turned off', () => {
    expect(loadConfig({})).toMatchObject({ metricsEnabled: true, metricsHost: '127.0.0.1', metricsPort: 9464 });
    expect(loadConfig({ PORT: '0' }).metricsPort).toBe(0);
    expect(loadConfig({ PORT: '0', METRICS_PORT: '9500', METRICS_HOST: '10.0.0.5' })).toMatchObject({ metricsPort: 9500, metricsHost: '10.0.0.5' });
    expect(loadConfig({ METRICS_ENABLED: 'false' }).metricsEnabled).toBe(false);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_ENABLED: 'maybe' })).toThrow(ConfigError);
  });

  it('derives PUBLIC_URL from HOST and PORT and the issuer from REGION', () => {
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '8080', REGION: 'eu-west-2' });
    expect(config.publicUrl).toBe('http://0.0.0.0:8080');
    expect(config.issuerBaseUrl).toBe('https://cognito-idp.eu-west-2.amazonaws.com');
  });

  it('turns the demo seed off by default in production', () => {
    expect(loadConfig({ ...SECRETS, STEWARD_MODE: 'production', MANAGED_LOGIN_TLS: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ ...SECRETS, STEWARD_MODE: 'production', MANAGED_LOGIN_TLS: 'false', SEED_DEMO: 'yes' }).seedDemo).toBe(true);
  });

  it('refuses production managed login over HTTPS without a real certificate, and a half-given certificate anywhere', () => {
    expect(() => loadConfig({ STEWARD_MODE: 'production' })).toThrow(/MANAGED_LOGIN_TLS_CERT_FILE/);
    expect(() => loadConfig({ MANAGED_LOGIN_TLS_CERT_FILE: '/etc/cert.pem' })).toThrow(/must be set together/);
    expect(loadConfig({ ...SECRETS, STEWARD_MODE: 'production', MANAGED_LOGIN: 'false' }).managedLogin).toBe(false);
    const proxied = loadConfig({ ...SECRETS, STEWARD_MODE: 'production', MANAGED_LOGIN_TLS: 'false', MANAGED_LOGIN_PUBLIC_URL: 'https://auth.example.com' });
    expect(proxied.managedLoginPublicUrl).toBe('https://auth.example.com');
  });

  it('puts managed login on https://localhost:3443 by default, and on a free port when PORT is 0', () => {
    expect(loadConfig({}).managedLoginPublicUrl).toBe('https://localhost:3443');
    expect(loadConfig({ PORT: '0' }).managedLoginPort).toBe(0);
    expect(loadConfig({ PORT: '0', MANAGED_LOGIN_PORT: '4443' }).managedLoginPort).toBe(4443);
  });

  it('reports every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', STEWARD_MODE: 'staging', DATABASE_URL: 'mysql://x', REGION: 'moon' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'STEWARD_MODE', 'DATABASE_URL', 'REGION']) expect(problems).toContain(name);
    }
  });

  it('requires the admin key id and secret together', () => {
    expect(() => loadConfig({ ADMIN_ACCESS_KEY_ID: 'AKIA1' })).toThrow(/must be set together/);
  });

  it('rejects an unsafe schema name', () => {
    expect(() => loadConfig({ DATABASE_SCHEMA: 'x"; drop table users; --' })).toThrow(ConfigError);
  });

  it('refuses a SIGNING_KEY_SECRET shorter than 32 characters', () => {
    expect(() => loadConfig({ SIGNING_KEY_SECRET: 'too-short' })).toThrow(/SIGNING_KEY_SECRET: use at least 32 characters/);
  });

  // Threat: a production deployment left on the secrets published in the sources; anyone holding a
  // copy of its database could forge tokens, pass MFA and read sealed client secrets.
  it('refuses production while any of the three secrets has its public development value, unset or set to it', () => {
    const refused = (env: Record<string, string>): string[] => {
      try {
        loadConfig({ STEWARD_MODE: 'production', MANAGED_LOGIN_TLS: 'false', ...env });
      } catch (error) {
        if (error instanceof ConfigError) return [...error.problems];
        throw error;
      }
      return [];
    };
    const unset = refused({});
    expect(unset).toHaveLength(3);
    expect(unset.join('\n')).toMatch(/CODE_PEPPER: production refuses the public development value \(unset\)/);
    expect(unset.join('\n')).toMatch(/SIGNING_KEY_SECRET: .*forge tokens/);
    expect(unset.join('\n')).toMatch(/DATA_SEALING_SECRET: /);
    for (const name of ['CODE_PEPPER', 'SIGNING_KEY_SECRET', 'DATA_SEALING_SECRET'] as const) {
      const problems = refused({ ...SECRETS, [name]: DEVELOPMENT_SECRET_VALUES[name] });
      expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name}: production refuses the public development value \\(set to it\\)`))]);
    }
    expect(refused(SECRETS)).toEqual([]);
    // Development keeps working on them, and production may still open data sealed under the old value while it re-seals.
    expect(loadConfig({}).usesDevSigningKeySecret).toBe(true);
    expect(refused({ ...SECRETS, DATA_SEALING_PREVIOUS_SECRETS: DEVELOPMENT_SECRET_VALUES.DATA_SEALING_SECRET })).toEqual([]);
  });

  it('warns loudly when production runs with other development defaults, and only warns', () => {
    const warnings = productionWarnings(loadConfig({ ...SECRETS, STEWARD_MODE: 'production', SEED_DEMO: 'true', MANAGED_LOGIN_TLS: 'false' }));
    expect(warnings.join('\n')).not.toMatch(/CODE_PEPPER|SIGNING_KEY_SECRET|DATA_SEALING_SECRET/);
    expect(warnings.join('\n')).toMatch(/SEED_DEMO/);
    expect(warnings.join('\n')).toMatch(/SMTP_URL/);
    expect(warnings.join('\n')).toMatch(/MANAGED_LOGIN_PUBLIC_URL \(http:\/\/localhost:3443\) is not https/);
    expect(productionWarnings(loadConfig({}))).toEqual([]);
    const configured = loadConfig({
      STEWARD_MODE: 'production',
      CODE_PEPPER: 'a-long-production-pepper',
      SIGNING_KEY_SECRET: 'a-production-signing-key-secret-0123456789',
      DATA_SEALING_SECRET: 'a-production-data-sealing-secret-0123456789',
      SMTP_URL: 'smtp://mail.example.com',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      DATABASE_URL: 'postgres://db/steward',
      PUBLIC_URL: 'https://steward.example.com',
      MANAGED_LOGIN_TLS_CERT_FILE: '/etc/steward/auth.pem',
      MANAGED_LOGIN_TLS_KEY_FILE: '/etc/steward/auth-key.pem',
      MANAGED_LOGIN_PUBLIC_URL: 'https://auth.steward.example.com',
    });
    expect(productionWarnings(configured)).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  it('describes every variable of the schema, and no other', async () => {
    const doc = await readFile(path.join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    const schema = Object.values(configSchema).map((f) => f.env);
    expect([...documented].sort()).toEqual([...schema].sort());
  });
});
