import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { fail } from '../errors/catalogue.js';
import type { Clock } from '../time/clock.js';
import type { Logger } from '../user-pool/operations/logger.js';
import { DevOutbox } from './dev-outbox.js';
import type { MessageDelivery, OutgoingMessage } from './message-delivery.js';
import { SmsWebhookDelivery } from './sms-webhook-delivery.js';
import { SmtpDelivery } from './smtp-delivery.js';

/** Sends email through one delivery and texts through another. */
export class ChannelRouter implements MessageDelivery {
  constructor(
    private readonly email: MessageDelivery,
    private readonly sms: MessageDelivery,
  ) {}
  /** Routes by channel. */
  async send(message: OutgoingMessage): Promise<void> {
    await (message.channel === 'email' ? this.email : this.sms).send(message);
  }
}

/** A channel nothing is configured for: every send fails with CodeDeliveryFailureException. */
export class UnconfiguredDelivery implements MessageDelivery {
  constructor(private readonly what: string) {}
  /** Always fails. */
  async send(): Promise<void> {
    throw fail('CodeDeliveryFailureException', `${this.what} delivery is not configured on this server.`);
  }
}

/** The delivery the configuration asks for: the dev outbox in development, SMTP + SMS webhook in production. */
export function createDelivery(config: Config, db: Database, clock: Clock, log: Logger): { delivery: MessageDelivery; outbox: DevOutbox | undefined } {
  if (config.mode === 'development') {
    const outbox = new DevOutbox(db, clock);
    return { delivery: outbox, outbox };
  }
  const email = config.smtpUrl !== undefined ? new SmtpDelivery(config.smtpUrl, config.smtpFrom, log) : new UnconfiguredDelivery('Email');
  const sms = config.smsWebhookUrl !== undefined ? new SmsWebhookDelivery(config.smsWebhookUrl, config.smsWebhookSecret, log) : new UnconfiguredDelivery('SMS');
  return { delivery: new ChannelRouter(email, sms), outbox: undefined };
}
