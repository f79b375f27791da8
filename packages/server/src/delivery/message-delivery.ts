/** An email or text to deliver. `code` is the one-time code inside `body`, if any (shown only by the dev outbox). */
export interface OutgoingMessage {
  readonly poolId?: string;
  readonly channel: 'email' | 'sms';
  readonly destination: string;
  readonly subject?: string;
  readonly body: string;
  /** Email only: the sender (the pool's EmailConfiguration From); absent: the server's SMTP_FROM. */
  readonly from?: string;
  /** Email only: the Reply-To address (the pool's EmailConfiguration ReplyToEmailAddress). */
  readonly replyTo?: string;
  readonly code?: string;
}

/**
 * The delivery port. Development: the dev outbox (database + console). Production: SMTP for
 * email and an HTTP webhook for SMS. Implementations throw ServiceError
 * CodeDeliveryFailureException when a message cannot be handed over.
 */
export interface MessageDelivery {
  /** Hands one message over for delivery. */
  send(message: OutgoingMessage): Promise<void>;
}
