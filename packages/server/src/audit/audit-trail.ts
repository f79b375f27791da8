// Writing the audit trail: events go in with the change they record, in its transaction, through
// audit_append() (migration 0009) as the transaction's last statement — it takes the chain head's
// row lock, which is then held only while the transaction commits. A rolled-back change leaves no
// row; a committed one always has its row.
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import type { SqlParams } from '../db/sql-params.js';
import type { Clock } from '../time/clock.js';
import { toAuditEntry, type AuditEvent } from './audit-event.js';

/** Collects the events of one transaction; they are appended when its work is done. */
export interface AuditRecorder {
  /** Adds events to append at the end of the transaction. */
  record(...events: readonly (AuditEvent | undefined)[]): void;
}

/** What an audited change yields: events to record with it. */
export type AuditEvents = AuditEvent | readonly AuditEvent[] | undefined;

const listOf = (events: AuditEvents): readonly AuditEvent[] => (events === undefined ? [] : Array.isArray(events) ? (events as readonly AuditEvent[]) : [events as AuditEvent]);

/** The audit trail of one process. `enabled` false only for benchmarks measuring what it costs. */
export class AuditTrail {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    readonly enabled = true,
  ) {}

  /** The jsonb texts audit_append takes, stamped now. */
  entryTexts(events: readonly AuditEvent[]): string[] {
    const at = this.clock.now();
    return events.map((event) => JSON.stringify(toAuditEntry(event, at)));
  }

  /** Appends events inside `q`'s transaction. Call it as the transaction's last statement. */
  async append(q: Queryable, events: AuditEvents): Promise<void> {
    const list = listOf(events);
    if (!this.enabled || list.length === 0) return;
    await q.query('SELECT audit_append($1::jsonb[])', [this.entryTexts(list)]);
  }

  /**
   * An SQL expression appending events when `condition` holds, for a change made in one statement:
   * put it in that statement's final SELECT list (e.g. `…, ${expr} AS audited`), after the
   * data-modifying CTEs it is conditional on. 'NULL' when there is nothing to append.
   */
  appendExpression(params: SqlParams, events: AuditEvents, condition = 'true'): string {
    const list = listOf(events);
    if (!this.enabled || list.length === 0) return 'NULL';
    return `(SELECT audit_append(${params.add(this.entryTexts(list))}::jsonb[]) WHERE ${condition})`;
  }

  /** Records events that commit nothing else (a refused sign-in), in a statement of their own. */
  async record(events: AuditEvents): Promise<void> {
    await this.append(this.db, events);
  }

  /**
   * Runs `fn` in one transaction and appends what it recorded as the last statement, sent with the
   * COMMIT in one round trip: the chain head's lock is held only while the transaction commits.
   */
  async transaction<T>(fn: (tx: Queryable, audit: AuditRecorder) => Promise<T>, db: Database = this.db): Promise<T> {
    const recorded: AuditEvent[] = [];
    return db.transaction(
      (tx) => fn(tx, { record: (...events) => recorded.push(...events.filter((e): e is AuditEvent => e !== undefined)) }),
      () => (this.enabled && recorded.length > 0 ? this.appendScript(recorded) : undefined),
    );
  }

  /**
   * The append as a script without parameters (for the commit's round trip): each entry's JSON in a
   * dollar-quoted literal whose tag is random and absent from the text, so no value can end it.
   */
  appendScript(events: readonly AuditEvent[]): string {
    const texts = this.entryTexts(events);
    let tag: string;
    do tag = `$audit_${randomBytes(8).toString('hex')}$`;
    while (texts.some((text) => text.includes(tag)));
    return `SELECT audit_append(ARRAY[${texts.map((text) => `${tag}${text}${tag}`).join(', ')}]::jsonb[])`;
  }

  /** Runs `change` in one transaction with the events it yields (from its result). */
  async change<T>(change: (tx: Queryable) => Promise<T>, events: (result: T) => AuditEvents): Promise<T> {
    return this.transaction(async (tx, audit) => {
      const value = await change(tx);
      audit.record(...listOf(events(value)));
      return value;
    });
  }

  /**
   * Appends `events` inside `tx` after `change` (a transaction someone else opened, e.g. one that
   * first locks a row): `change` must be the transaction's last work.
   */
  async within<T>(tx: Queryable, change: (tx: Queryable) => Promise<T>, events: (result: T) => AuditEvents): Promise<T> {
    const value = await change(tx);
    await this.append(tx, events(value));
    return value;
  }
}
