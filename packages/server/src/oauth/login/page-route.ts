// A page of the hosted login is a short list of named steps, like the user-pool operations:
//
//   export const postSignIn = definePage('POST /login')
//     .step('authorize', (page) => authorizeOrStop(page))
//     .do('check the CSRF token', (page) => requireCsrf(page))
//     .step('outcome', (page, s) => signInWithPassword(page, s.authorize, …))
//     .respond((page, s) => proceed(page, s.authorize, s.outcome));
//
// A step may end the page early by throwing `stop(result)` (an error page, the form again with a
// message, a redirect). Anything else thrown is logged with the page and step name and answered
// with a plain error page, never a stack trace.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StewardHandle } from '../../app.js';
import type { KnownClients } from '../../user-pool/wire/known-clients.js';
import { runStepList, StepList } from '../http/step-list.js';
import { errorPage } from './views/layout.js';

/** What every page step may use. */
export interface PageContext {
  readonly steward: StewardHandle;
  readonly knownClients: KnownClients;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The query string's values (first of each name). */
  readonly query: Readonly<Record<string, string>>;
  /** The posted form's values (first of each name; empty for GET). */
  readonly form: Readonly<Record<string, string>>;
}

/** What a page answers. */
export type PageResult = { readonly kind: 'html'; readonly status: number; readonly html: string } | { readonly kind: 'redirect'; readonly location: string };

/** An HTML answer. */
export function html(status: number, body: string): PageResult {
  return { kind: 'html', status, html: body };
}

/** A 302 answer. */
export function redirect(location: string): PageResult {
  return { kind: 'redirect', location };
}

/** Thrown by a step to answer now. */
export class PageStop {
  constructor(readonly result: PageResult) {}
}

/** Ends the page with `result` (throw it: `throw stop(…)`). */
export function stop(result: PageResult): PageStop {
  return new PageStop(result);
}

/** A built page: its name, step names and handler. */
export interface Page {
  readonly name: string;
  readonly stepNames: readonly string[];
  run(page: PageContext): Promise<PageResult>;
}

/** Builder of a page's step list (see ../http/step-list.ts). */
export type PageBuilder<S extends object> = StepList<PageContext, S, PageResult, Page>;

/** Starts a page's step list. */
export function definePage(name: string): PageBuilder<object> {
  return new StepList<PageContext, object, PageResult, Page>((steps) => ({
    name,
    stepNames: steps.map((s) => s.name),
    async run(page) {
      const outcome = await runStepList(steps, page);
      if (outcome.ok) return outcome.value as PageResult;
      if (outcome.error instanceof PageStop) return outcome.error.result;
      page.request.log.error({ err: outcome.error, page: name, step: outcome.step }, 'hosted login page failed');
      return html(500, errorPage('The sign-in service had a problem.', 'Wait a few minutes, then try again.'));
    },
  }));
}

/** Sends a page's result: HTML never cached, redirects as 302. */
export function sendPage(reply: FastifyReply, result: PageResult): FastifyReply {
  void reply.header('cache-control', 'no-store');
  if (result.kind === 'redirect') return reply.redirect(result.location, 302);
  return reply.status(result.status).header('content-type', 'text/html; charset=utf-8').send(result.html);
}

/** The first string of each name of a parsed query or form body (repeated names keep the first). */
export function singleValues(raw: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null) return values;
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') values[name] = first;
  }
  return values;
}
