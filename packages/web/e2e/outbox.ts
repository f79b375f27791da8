// Reads codes from the server's dev outbox (development mode): GET /dev/outbox?destination=.

interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  destination: string;
  subject: string;
  body: string;
  code: string | null;
  createdAt: string;
}

/** The newest code sent to `destination` after `since` (waits up to 10 s for it to arrive). */
export async function latestCode(baseUrl: string, destination: string, since: Date): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/outbox?destination=${encodeURIComponent(destination)}`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const fresh = messages.find((message) => message.code !== null && new Date(message.createdAt).getTime() >= since.getTime() - 1000);
    if (fresh?.code !== undefined && fresh.code !== null) return fresh.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code reached ${destination}`);
}
