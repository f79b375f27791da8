// The hosted login page (/login and its steps): server-rendered forms that sign a person in
// without JavaScript, like Cognito's classic hosted UI.
import type { FastifyInstance } from 'fastify';
import type { StewardHandle } from '../../app.js';

/** Registers the hosted login page's routes on the managed-login app. */
export function registerHostedLoginRoutes(app: FastifyInstance, steward: StewardHandle): void {
  void app;
  void steward;
}
