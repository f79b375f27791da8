// Production delivery: SMTP (nodemailer) and the SMS webhook, against small real servers on this
// machine; and the promise that codes never reach the log or the outbox in production mode.
import { createHmac } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsWebhookDelivery } from '../src/delivery/sms-webhook-delivery.js';
import { SmtpDelivery } from '../src/delivery/smtp-delivery.js';
import { silentLogger } from '../src/user-pool/operations/logger.js';
import { startTestServer, TEST_PRODUCTION_SECRETS, type TestServer } from './harness.js';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A tiny HTTP server that records requests and answers with `status()`. */
async function startWebhook(status: () => number): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = status();
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/sms`, received, server };
}

/** A minimal SMTP server (EHLO, MAIL, RCPT, DATA, QUIT) keeping each message's data. */
async function startSmtp(): Promise<{ url: string; messages: string[]; server: TcpServer }> {
  const messages: string[] = [];
  const server = createTcpServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('502 not implemented\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, messages, server };
}

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
});
