// The systemd unit of docs/operations.md, taken from the document itself: checked by systemd's own
// `systemd-analyze verify` where the machine has it, and always by a parser of its sections and
// keys, so an operator copying it gets a unit that loads (a typo'd key would be ignored by systemd
// with only a warning, e.g. a misspelt TimeoutStopSec leaving the stop to the 90 s default).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, REPO_ROOT } from '../../src/config/config-schema.js';

const KNOWN_KEYS: Readonly<Record<string, readonly string[]>> = {
  Unit: ['Description', 'Documentation', 'After', 'Before', 'Wants', 'Requires', 'BindsTo', 'PartOf', 'Conflicts', 'StartLimitIntervalSec', 'StartLimitBurst'],
  Service: [
    'Type', 'User', 'Group', 'WorkingDirectory', 'EnvironmentFile', 'Environment', 'ExecStartPre', 'ExecStart', 'ExecStartPost', 'ExecReload', 'ExecStop',
    'KillMode', 'KillSignal', 'TimeoutStartSec', 'TimeoutStopSec', 'Restart', 'RestartSec', 'RestartPreventExitStatus', 'SuccessExitStatus',
    'StateDirectory', 'LimitNOFILE', 'NoNewPrivileges', 'PrivateTmp', 'ProtectSystem', 'ProtectHome', 'ProtectKernelTunables', 'ProtectControlGroups',
    'RestrictSUIDSGID', 'ReadWritePaths', 'StandardOutput', 'StandardError', 'SyslogIdentifier',
  ],
  Install: ['WantedBy', 'RequiredBy', 'Alias'],
};

/** The one ```ini block of docs/operations.md that holds a [Service] section. */
function unitFromDoc(): string {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
  const units = [...doc.matchAll(/```ini\n([\s\S]*?)```/g)].map((m) => m[1] ?? '').filter((block) => block.includes('[Service]'));
  expect(units).toHaveLength(1);
  return units[0] ?? '';
}

/** Problems of a unit file by the rules of systemd.syntax(7) for the keys this unit may use; entries as section -> key -> values. */
function parseUnit(text: string): { problems: string[]; entries: Map<string, Map<string, string[]>> } {
  const problems: string[] = [];
  const entries = new Map<string, Map<string, string[]>>();
  let section: string | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    const header = /^\[([A-Za-z]+)\]$/.exec(line);
    if (header !== null) {
      section = header[1] ?? '';
      if (KNOWN_KEYS[section] === undefined) problems.push(`${where}: unknown section [${section}]`);
      if (entries.has(section)) problems.push(`${where}: section [${section}] twice`);
      entries.set(section, new Map());
      return;
    }
    const assignment = /^([A-Za-z][A-Za-z0-9]*)=(.*)$/.exec(line);
    if (assignment === null) return void problems.push(`${where}: not a "Key=value" line: ${line}`);
    if (section === undefined) return void problems.push(`${where}: ${assignment[1] ?? ''} before any section`);
    const key = assignment[1] ?? '';
    if (!(KNOWN_KEYS[section] ?? []).includes(key)) problems.push(`${where}: unknown key ${key} in [${section}]`);
    const values = entries.get(section)?.get(key) ?? [];
    entries.get(section)?.set(key, [...values, assignment[2] ?? '']);
  });
  return { problems, entries };
}

/** What `systemd-analyze verify` says about the unit (undefined where the machine has no systemd-analyze). */
function systemdVerify(unit: string): { status: number | null; complaints: string[] } | undefined {
  if (spawnSync('systemd-analyze', ['--version']).status !== 0) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'steward-unit-'));
  try {
    // The documented node is /usr/bin/node; where this machine keeps it elsewhere, verify the unit with that one.
    const file = path.join(dir, 'steward.service');
    writeFileSync(file, existsSync('/usr/bin/node') ? unit : unit.replaceAll('/usr/bin/node', process.execPath));
    const run = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' });
    const complaints = `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => line.includes('steward.service'));
    return { status: run.status, complaints };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the systemd unit in docs/operations.md', () => {
  const unit = unitFromDoc();

  it('has only known sections and keys, each a "Key=value" line', () => {
    expect(parseUnit(unit).problems).toEqual([]);
  });

  it('runs the built server with node, stops it with SIGTERM, and gives its own stop bound time to pass first', () => {
    const service = parseUnit(unit).entries.get('Service');
    expect(service?.get('ExecStart')).toEqual(['/usr/bin/node --enable-source-maps packages/server/dist/main.js']);
    expect(service?.get('KillSignal')).toEqual(['SIGTERM']);
    const stopSeconds = Number(service?.get('TimeoutStopSec')?.[0]);
    expect(stopSeconds).toBeGreaterThan(configSchema.shutdownTimeoutSeconds.parse(undefined));
    expect(service?.get('RestartPreventExitStatus')).toEqual(['2']);
    expect(parseUnit(unit).entries.get('Install')?.get('WantedBy')).toEqual(['multi-user.target']);
  });

  it.runIf(systemdVerify('') !== undefined)('passes systemd-analyze verify without a complaint', () => {
    expect(systemdVerify(unit)).toEqual({ status: 0, complaints: [] });
  });

  it('would fail on a typo: a misspelt key and a line without "=" are reported, by the parser and by systemd', () => {
    const typo = unit.replace('TimeoutStopSec=', 'TimeoutStopSecs=').replace('KillMode=mixed', 'KillMode=mixed\nRestartAlways');
    expect(parseUnit(typo).problems).toEqual([expect.stringMatching(/not a "Key=value" line: RestartAlways/), expect.stringMatching(/unknown key TimeoutStopSecs in \[Service\]/)]);
    const verified = systemdVerify(typo);
    if (verified !== undefined) expect(verified.complaints.join('\n')).toMatch(/Missing '='[\s\S]*Unknown key.*TimeoutStopSecs/);
  });
});
