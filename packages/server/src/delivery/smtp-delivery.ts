import nodemailer from 'nodemailer';
import { fail } from '../errors/catalogue.js';
import type { Logger } from '../user-pool/operations/logger.js';
import type { MessageDelivery, OutgoingMessage } from './message-delivery.js';

/** Production email: sends through the SMTP server of SMTP_URL with nodemailer. */
export class SmtpDelivery implements MessageDelivery {
  private readonly transport: nodemailer.Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  /** Sends an email; the body (which may hold a code) never reaches the log. */
  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'email') throw fail('CodeDeliveryFailureException', 'SMTP delivery only sends email.');
    try {
      await this.transport.sendMail({
        from: message.from ?? this.from,
        ...(message.replyTo !== undefined ? { replyTo: message.replyTo } : {}),
        to: message.destination,
        subject: message.subject ?? 'Steward',
        text: message.body,
      });
    } catch (error) {
      this.log.error('email delivery failed', { reason: error instanceof Error ? error.message : String(error) });
      throw fail('CodeDeliveryFailureException', 'Unable to deliver the email.');
    }
  }
}
