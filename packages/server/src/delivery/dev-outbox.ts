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
  /** Email: the sender the pool asks for (null: the server's own). */
  readonly from: string | null;
  /** Email: the Reply-To address the pool asks for. */
  readonly replyTo: string | null;
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
      `INSERT INTO outbox_messages (pool_id, channel, destination, subject, body, code, from_address, reply_to, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [message.poolId ?? null, message.channel, message.destination, message.subject ?? null, message.body, message.code ?? null, message.from ?? null, message.replyTo ?? null, this.clock.now()],
    );
    const sender = message.from !== undefined ? ` from ${message.from}` : '';
    this.print(`[dev outbox] ${message.channel}${sender} to ${message.destination}: ${message.subject !== undefined ? `${message.subject} — ` : ''}${message.body}`);
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
      from_address: string | null;
      reply_to: string | null;
      created_at: Date;
    }>(
      `SELECT id::text AS id, channel, destination, subject, body, code, from_address, reply_to, created_at
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
      from: r.from_address,
      replyTo: r.reply_to,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
