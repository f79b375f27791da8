// The Prometheus adapter on a real (in-memory PGlite) database: what a scrape holds after one
// recording of each kind, and docs/operations.md describing exactly those metrics.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExposition, valueOf } from '../../test/metrics/exposition.js';
import { REPO_ROOT } from '../config/config-schema.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openPgliteDatabase } from '../db/pglite-database.js';
import { ManualClock } from '../time/clock.js';
import { PrometheusMetrics } from './prometheus-metrics.js';

describe('PrometheusMetrics', () => {
  let db: Database;
  let text: string;

  beforeAll(async () => {
    db = await openPgliteDatabase('memory://');
    await migrate(db);
    const metrics = new PrometheusMetrics({ db, clock: new ManualClock() });
    metrics.request({ listener: 'app', method: 'POST', route: '/', operation: 'InitiateAuth', status: 200, seconds: 0.004 });
    metrics.request({ listener: 'app', method: 'POST', route: '/', operation: 'InitiateAuth', status: 200, seconds: 0.3 });
    metrics.signInStep('USER_SRP_AUTH', 'challenge');
    metrics.signInStep('USER_SRP_AUTH', 'failure', 'wrong_credentials');
    metrics.lockout('password');
    metrics.mfaFailure('SOFTWARE_TOKEN_MFA', 'wrong_code');
    metrics.tokenRefresh('rotated');
    metrics.oauthGrant('authorization_code', 'success');
    const exposition = await metrics.exposition();
    expect(exposition.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    text = exposition.text;
  }, 180_000);

  afterAll(async () => {
    await db.close();
  });

  it('records each kind with its labels, and the histogram in its buckets', () => {
    const samples = parseExposition(text);
    const request = { listener: 'app', method: 'POST', route: '/', operation: 'InitiateAuth', status: '200' };
    expect(valueOf(samples, 'steward_http_request_duration_seconds_count', request)).toBe(2);
    expect(valueOf(samples, 'steward_http_request_duration_seconds_bucket', { ...request, le: '0.005' })).toBe(1);
    expect(valueOf(samples, 'steward_http_request_duration_seconds_bucket', { ...request, le: '0.5' })).toBe(2);
    expect(valueOf(samples, 'steward_sign_in_steps_total', { flow: 'USER_SRP_AUTH', outcome: 'challenge', reason: '' })).toBe(1);
    expect(valueOf(samples, 'steward_sign_in_steps_total', { flow: 'USER_SRP_AUTH', outcome: 'failure', reason: 'wrong_credentials' })).toBe(1);
    expect(valueOf(samples, 'steward_lockouts_total', { kind: 'password' })).toBe(1);
    expect(valueOf(samples, 'steward_mfa_failures_total', { kind: 'SOFTWARE_TOKEN_MFA', reason: 'wrong_code' })).toBe(1);
    expect(valueOf(samples, 'steward_token_refreshes_total', { result: 'rotated' })).toBe(1);
    expect(valueOf(samples, 'steward_oauth_grants_total', { grant_type: 'authorization_code', outcome: 'success' })).toBe(1);
    expect(valueOf(samples, 'steward_job_queue_depth', { state: 'due' })).toBe(0);
    expect(valueOf(samples, 'steward_db_pool_connections', { database: 'pglite' })).toBe(1);
  });

  it('is what docs/operations.md lists under "What is measured": every steward_ metric, its type and labels', async () => {
    const doc = await readFile(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    const documented = new Map([...doc.matchAll(/^\| `(steward_[a-z_]+)` \| (\w+) \|([^|]*)\|/gm)].map((m) => [m[1] ?? '', { type: m[2], labels: [...(m[3] ?? '').matchAll(/`(\w+)`/g)].map((l) => l[1]).sort() }]));
    const exposed = new Map([...text.matchAll(/^# TYPE (steward_\w+) (\w+)$/gm)].map((m) => [m[1] ?? '', m[2]]));
    expect([...documented.keys()].sort()).toEqual([...exposed.keys()].sort());
    const samples = parseExposition(text);
    for (const [name, type] of exposed) {
      expect(documented.get(name)?.type, name).toBe(type);
      const labels = new Set(samples.filter((s) => s.name.startsWith(name)).flatMap((s) => Object.keys(s.labels)));
      labels.delete('le');
      expect(documented.get(name)?.labels, name).toEqual([...labels].sort());
    }
  });
});
