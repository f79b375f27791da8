import type { Database } from '../db/database.js';
import type { Clock } from '../time/clock.js';
import type { MessageDelivery, OutgoingMessage } from './message-delivery.js';

/** A message as `GET /dev/outbox` shows it. */
export interface OutboxMessage {
  readonly id: string;
  readonly channel: 'email' | 'sms';
  readonly destination: string;
  readonly subject: string | null;
  readonly body: string;
  readonly code: string | null;
  readonly createdAt: string;
}

/** Development delivery: keeps each message in `outbox_messages` and prints it to the console. */
export class DevOutbox implements MessageDelivery {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly print: (line: string) => void = (line) => console.log(line),
  ) {}

  /** Stores and prints the message. */
  async send(message: OutgoingMessage): Promise<void> {
    await this.db.query(
      `INSERT INTO outbox_messages (pool_id, channel, destination, subject, body, code, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [message.poolId ?? null, message.channel, message.destination, message.subject ?? null, message.body, message.code ?? null, this.clock.now()],
    );
    this.print(`[dev outbox] ${message.channel} to ${message.destination}: ${message.subject !== undefined ? `${message.subject} — ` : ''}${message.body}`);
  }

  /** Messages newest first, optionally only those to `destination` (case-insensitive). */
  async list(destination?: string, limit = 100): Promise<OutboxMessage[]> {
    const rows = await this.db.query<{
      id: string;
      channel: 'email' | 'sms';
      destination: string;
      subject: string | null;
      body: string;
      code: string | null;
      created_at: Date;
    }>(
      `SELECT id::text AS id, channel, destination, subject, body, code, created_at
         FROM outbox_messages
        WHERE $1::text IS NULL OR lower(destination) = lower($1::text)
        ORDER BY outbox_messages.id DESC
        LIMIT $2`,
      [destination ?? null, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      destination: r.destination,
      subject: r.subject,
      body: r.body,
      code: r.code,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
