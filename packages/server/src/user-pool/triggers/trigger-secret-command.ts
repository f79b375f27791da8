// `cli triggers secret <show|rotate|retire> [--pool <id>]`: how an admin gets the secret their
// webhook verifies with, and rotates it. The CLI runs on the server's database, so only someone
// with the server's configuration (DATA_SEALING_SECRET, the database) can read it — the same trust
// as the rest of the CLI. Rotating prints both secrets: deploy the new one to the receiver (which
// accepts either while both sign), then `retire` the old one (it stops signing by itself after
// PREVIOUS_SECRET_GRACE_MS). Rotations and retirements are recorded in the audit trail.
import type { StewardHandle } from '../../app.js';
import { requirePool } from '../pools/pool-repository.js';
import { activeTriggerSecrets, PREVIOUS_SECRET_GRACE_MS, retirePreviousTriggerSecret, rotateTriggerSecret } from './trigger-secrets.js';

/** Help text of the command (cli-commands.ts shows it). */
export const TRIGGER_SECRET_HELP = `  triggers secret show|rotate|retire
                The secret trigger webhooks verify X-Steward-Signature with (docs/server.md,
                "Triggers"). rotate: a new secret signs, the previous one too for ${PREVIOUS_SECRET_GRACE_MS / 3_600_000} hours;
                retire: the previous one stops signing now.`;

/** Runs `triggers secret <action>` for the pool; returns the exit code. */
export async function triggerSecretCommand(steward: StewardHandle, poolId: string, action: string | undefined, print: (line: string) => void): Promise<number> {
  await requirePool(steward.db, poolId);
  const actor = { kind: 'cli', name: 'cli' } as const;
  const record = { type: 'user_pool', id: poolId };
  switch (action) {
    case 'show': {
      const secrets = await activeTriggerSecrets(steward.db, steward.secrets, poolId, steward.clock.now());
      print(`Current secret: ${secrets.current}`);
      if (secrets.previous !== null) print(`Previous secret (still signing): ${secrets.previous}`);
      return 0;
    }
    case 'rotate': {
      const secrets = await steward.audit.change(
        (tx) => rotateTriggerSecret(tx, steward.secrets, poolId, steward.clock.now()),
        () => ({ action: 'admin.trigger_secret.rotated', actor, record, details: { step: 'rotated' } }),
      );
      print(`New secret: ${secrets.current}`);
      print(`Previous secret (signs too until retired, at most ${PREVIOUS_SECRET_GRACE_MS / 3_600_000} hours): ${secrets.previous ?? '(none)'}`);
      return 0;
    }
    case 'retire': {
      await steward.audit.change(
        (tx) => retirePreviousTriggerSecret(tx, poolId),
        () => ({ action: 'admin.trigger_secret.rotated', actor, record, details: { step: 'previous_retired' } }),
      );
      print('The previous secret no longer signs.');
      return 0;
    }
    default:
      print(`Unknown triggers command ${action ?? '(none)'}: use triggers secret show, rotate or retire.`);
      return 1;
  }
}
