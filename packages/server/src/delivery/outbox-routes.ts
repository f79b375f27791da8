import type { FastifyInstance } from 'fastify';
import type { DevOutbox } from './dev-outbox.js';

/** Registers `GET /dev/outbox?destination=` (development mode only): messages newest first. */
export function registerOutboxRoutes(app: FastifyInstance, outbox: DevOutbox): void {
  app.get('/dev/outbox', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const destination = typeof query.destination === 'string' && query.destination !== '' ? query.destination : undefined;
    const limitRaw = typeof query.limit === 'string' ? Number(query.limit) : 100;
    const limit = Number.isInteger(limitRaw) && limitRaw > 0 ? Math.min(limitRaw, 1000) : 100;
    const messages = await outbox.list(destination, limit);
    return reply.header('cache-control', 'no-store').send({ messages });
  });
}
