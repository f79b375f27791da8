import { createHmac } from 'node:crypto';
import { fail } from '../errors/catalogue.js';
import type { Logger } from '../user-pool/operations/logger.js';
import type { MessageDelivery, OutgoingMessage } from './message-delivery.js';

/**
 * Production SMS: POSTs `{"to", "body"}` as JSON to SMS_WEBHOOK_URL (an SMS gateway or a small
 * relay). With a secret, the request carries `X-Steward-Signature: sha256=<hex HMAC of the body>`.
 */
export class SmsWebhookDelivery implements MessageDelivery {
  constructor(
    private readonly url: string,
    private readonly secret: string | undefined,
    private readonly log: Logger,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Sends a text; the body never reaches the log. */
  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'sms') throw fail('CodeDeliveryFailureException', 'The SMS webhook only sends texts.');
    const body = JSON.stringify({ to: message.destination, body: message.body });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.secret !== undefined) headers['x-steward-signature'] = `sha256=${createHmac('sha256', this.secret).update(body).digest('hex')}`;
    let status: number;
    try {
      const response = await fetch(this.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      this.log.error('SMS webhook unreachable', { reason: error instanceof Error ? error.message : String(error) });
      throw fail('CodeDeliveryFailureException', 'Unable to deliver the text message.');
    }
    if (status < 200 || status >= 300) {
      this.log.error('SMS webhook refused the message', { status });
      throw fail('CodeDeliveryFailureException', 'Unable to deliver the text message.');
    }
  }
}
