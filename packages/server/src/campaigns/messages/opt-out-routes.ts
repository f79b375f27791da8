// The consumer-facing ends of opting out: the page an email's link opens (GET shows a confirmation,
// POST opts out; no login, no redirect, the token alone says who and which channel) and the webhook the
// SMS gateway posts inbound texts to (a reply STOP opts the sender's number out of texts). The webhook
// is authenticated like the outbound one: `X-Steward-Signature: sha256=<hex HMAC of the raw body>`
// with SMS_WEBHOOK_SECRET; without a secret it refuses everything.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../time/clock.js';
import type { Logger } from '../../user-pool/operations/logger.js';
import type { CampaignMessageSettings } from './opt-out.js';
import { debtorsWithPhone, isStopRequest, optOutDebtors, readOptOutToken } from './opt-out.js';

/** What the routes need. */
export interface OptOutRouteDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly log: Logger;
  readonly messages: CampaignMessageSettings;
  /** SMS_WEBHOOK_SECRET; undefined refuses every inbound text. */
  readonly smsWebhookSecret: string | undefined;
}

const CHANNEL_WORDS = { email: 'emails', sms: 'text messages' } as const;

function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
  // The token in the address is the consumer's: keep it out of caches and out of Referer headers.
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);
}

const notValid = (reply: FastifyReply): FastifyReply => page(reply, 404, 'Link not valid', '<p>This opt-out link is not valid. Use the link exactly as it appears in the email, or reply to the message to ask us to stop.</p>');

/** Registers GET and POST /opt-out/:token and POST /sms/inbound. */
export async function registerOptOutRoutes(app: FastifyInstance, deps: OptOutRouteDeps): Promise<void> {
  app.get('/opt-out/:token', async (request, reply) => {
    const found = readOptOutToken(deps.messages.optOutKey, (request.params as { token: string }).token);
    if (found === null) return notValid(reply);
    const words = CHANNEL_WORDS[found.channel];
    // The form posts back to this same address: no target that could point anywhere else.
    return page(reply, 200, `Stop ${words}`, `<p>Confirm that you no longer want to receive ${words} from us about your account.</p><form method="post"><button type="submit">Stop ${words}</button></form>`);
  });

  app.post('/opt-out/:token', async (request, reply) => {
    const found = readOptOutToken(deps.messages.optOutKey, (request.params as { token: string }).token);
    if (found === null) return notValid(reply);
    const count = await optOutDebtors(deps.db, deps.clock, [found.debtorId], found.channel);
    if (count === 0) return notValid(reply);
    deps.log.info('campaigns: consumer opted out', { channel: found.channel });
    return page(reply, 200, 'You are opted out', `<p>We will not send you ${CHANNEL_WORDS[found.channel]} about your account any more.</p>`);
  });

  // The raw body is needed for its signature, so this scope reads JSON as text and parses it itself.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/sms/inbound', async (request, reply) => {
      if (deps.smsWebhookSecret === undefined) return reply.status(503).send({ message: 'Inbound SMS is not configured on this server: set SMS_WEBHOOK_SECRET.' });
      const raw = typeof request.body === 'string' ? request.body : '';
      const expected = Buffer.from(`sha256=${createHmac('sha256', deps.smsWebhookSecret).update(raw).digest('hex')}`);
      const header = request.headers['x-steward-signature'];
      const given = Buffer.from(typeof header === 'string' ? header : '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.status(401).send({ message: 'The X-Steward-Signature header is missing or does not match the body.' });
      let message: { from?: unknown; body?: unknown };
      try {
        message = JSON.parse(raw) as { from?: unknown; body?: unknown };
      } catch {
        return reply.status(400).send({ message: 'The body must be JSON: {"from": "+12125550100", "body": "STOP"}.' });
      }
      if (typeof message !== 'object' || message === null || typeof message.from !== 'string' || typeof message.body !== 'string') {
        return reply.status(400).send({ message: 'The body must be JSON: {"from": "+12125550100", "body": "STOP"}.' });
      }
      if (!isStopRequest(message.body)) return reply.send({ optedOut: 0 });
      const optedOut = await optOutDebtors(deps.db, deps.clock, await debtorsWithPhone(deps.db, message.from), 'sms');
      deps.log.info('campaigns: consumer replied STOP', { debtors: optedOut });
      return reply.send({ optedOut });
    });
  });
}
