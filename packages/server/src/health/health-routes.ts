// GET /health/live, /health/ready and /health (an alias of ready): what process managers and load
// balancers poll. Answers carry no error details (the routes are public); ServerHealth logs them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerHealth } from './server-health.js';

/** Registers the health routes. */
export function registerHealthRoutes(app: FastifyInstance, health: ServerHealth): void {
  app.get('/health/live', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok', phase: health.phase }));

  const ready = async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const report = await health.readiness();
    return reply
      .status(report.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  };
  app.get('/health/ready', ready);
  // The one health route before issue 23; load balancers pointed at it want readiness.
  app.get('/health', ready);
}
