// Production delivery: SMTP (nodemailer) and the SMS webhook, against small real servers on this
// machine; and the promise that codes never reach the log or the outbox in production mode.
import { createHmac } from 'node:crypto';
import { CreateUserPoolClientCommand, CreateUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsWebhookDelivery } from '../src/delivery/sms-webhook-delivery.js';
import { SmtpDelivery } from '../src/delivery/smtp-delivery.js';
import { silentLogger } from '../src/user-pool/operations/logger.js';
import { startSmtp, startWebhook } from './delivery-servers.js';
import { sdkClients } from './user-pool/sdk-fixtures.js';
import { startTestServer, TEST_PRODUCTION_SECRETS, type TestServer } from './harness.js';

describe('SMS webhook delivery', () => {
  it('posts the text as JSON with an HMAC signature of the body', async () => {
    const hook = await startWebhook(() => 204);
    try {
      await new SmsWebhookDelivery(hook.url, 'hook-secret', silentLogger).send({ channel: 'sms', destination: '+15555550123', body: 'Your code is 123456', code: '123456' });
      expect(hook.received).toHaveLength(1);
      const [request] = hook.received;
      expect(JSON.parse(request?.body ?? '')).toEqual({ to: '+15555550123', body: 'Your code is 123456' });
      expect(request?.headers['x-steward-signature']).toBe(`sha256=${createHmac('sha256', 'hook-secret').update(request?.body ?? '').digest('hex')}`);
    } finally {
      hook.server.close();
    }
  });

  it('fails with CodeDeliveryFailureException when the gateway refuses or is unreachable', async () => {
    const hook = await startWebhook(() => 500);
    try {
      const delivery = new SmsWebhookDelivery(hook.url, undefined, silentLogger);
      await expect(delivery.send({ channel: 'sms', destination: '+1555', body: 'x' })).rejects.toMatchObject({ name: 'CodeDeliveryFailureException' });
    } finally {
      hook.server.close();
    }
    await expect(new SmsWebhookDelivery('http://127.0.0.1:1/sms', undefined, silentLogger).send({ channel: 'sms', destination: '+1555', body: 'x' })).rejects.toMatchObject({
      name: 'CodeDeliveryFailureException',
    });
  });
});

describe('SMTP delivery', () => {
  it('sends the email through the SMTP server', async () => {
    const smtp = await startSmtp();
    try {
      await new SmtpDelivery(smtp.url, 'Steward <no-reply@example.com>', silentLogger).send({ channel: 'email', destination: 'dana@example.com', subject: 'Your code', body: 'Your code is 654321' });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('To: dana@example.com');
      expect(smtp.messages[0]).toContain('Your code is 654321');
    } finally {
      smtp.server.close();
    }
  });

  it('fails with CodeDeliveryFailureException when the SMTP server is unreachable', async () => {
    await expect(new SmtpDelivery('smtp://127.0.0.1:1', 'x@example.com', silentLogger).send({ channel: 'email', destination: 'a@example.com', body: 'x' })).rejects.toMatchObject({
      name: 'CodeDeliveryFailureException',
    });
  });
});

describe('a production-mode server', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let hook: Awaited<ReturnType<typeof startWebhook>>;
  const logs: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    hook = await startWebhook(() => 200);
    server = await startTestServer({
      env: { ...TEST_PRODUCTION_SECRETS, STEWARD_MODE: 'production', MANAGED_LOGIN_TLS: 'false', CODE_PEPPER: 'a-production-pepper-0123456789', SMTP_URL: smtp.url, SMS_WEBHOOK_URL: hook.url, LOG_LEVEL: 'trace' },
      logStream: { write: (line) => logs.push(line) },
    });
  });
  afterAll(async () => {
    await server.close();
    smtp.server.close();
    hook.server.close();
  });

  it('emails the sign-up code over SMTP and never writes it to the log or the outbox', async () => {
    // Threat: codes readable by whoever reads server logs or the database in production.
    const result = await server.call('SignUp', { ClientId: server.pool.clientId, Username: 'prod', Password: 'Pr0d-Passw0rd!', UserAttributes: [{ Name: 'email', Value: 'prod@example.com' }] });
    expect(result.status).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    const code = /code is (\d{6})/.exec(smtp.messages[0] ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(code ?? 'none');
    expect(logs.join('\n')).not.toContain('Pr0d-Passw0rd!');
    const outbox = await server.db.query('SELECT 1 FROM outbox_messages');
    expect(outbox).toHaveLength(0);
    const confirmed = await server.call('ConfirmSignUp', { ClientId: server.pool.clientId, Username: 'prod', ConfirmationCode: code });
    expect(confirmed.status).toBe(200);
  });

  it("sends a pool's emails over SMTP from its EmailConfiguration's From, with its Reply-To", async () => {
    const sdk = sdkClients(server);
    try {
      const { UserPool } = await sdk.admin.send(
        new CreateUserPoolCommand({
          PoolName: 'acme',
          AutoVerifiedAttributes: ['email'],
          VerificationMessageTemplate: { EmailMessage: 'Acme code {####}', EmailSubject: 'Acme code' },
          EmailConfiguration: { EmailSendingAccount: 'DEVELOPER', SourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/acme.example', From: 'Acme <no-reply@acme.example>', ReplyToEmailAddress: 'help@acme.example' },
        }),
      );
      const { UserPoolClient } = await sdk.admin.send(new CreateUserPoolClientCommand({ UserPoolId: UserPool?.Id, ClientName: 'app' }));
      const before = smtp.messages.length;
      const result = await server.call('SignUp', { ClientId: UserPoolClient?.ClientId, Username: 'acme-user', Password: 'Pr0d-Passw0rd!', UserAttributes: [{ Name: 'email', Value: 'acme-user@example.com' }] });
      expect(result.status).toBe(200);
      const sent = smtp.messages[before] ?? '';
      expect(sent).toMatch(/^From: Acme <no-reply@acme\.example>$/m);
      expect(sent).toMatch(/^Reply-To: help@acme\.example$/m);
      expect(sent).toMatch(/^Subject: Acme code$/m);
      expect(sent).toMatch(/Acme code \d{6}/);
    } finally {
      sdk.destroy();
    }
  });
});
