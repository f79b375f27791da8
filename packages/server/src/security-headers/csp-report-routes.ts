// Where browsers report Content-Security-Policy violations of the app's pages. A violation is
// either a bug (a page needing something the policy forbids) or an attempted injection; both
// should be seen. Reports are small, limited per address, logged without anything that can carry
// a token (URLs lose their query and fragment, samples are dropped) and counted.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AbuseLimits } from '../abuse/abuse-limits.js';
import { isServiceError } from '../errors/catalogue.js';

/** The path of the report endpoint (the policy's report-uri). */
export const CSP_REPORT_PATH = '/csp-report';

/** Largest report body accepted: a real report is well under 2 KB. */
const REPORT_BODY_LIMIT_BYTES = 8 * 1024;

/** How many recent reports the development endpoint keeps. */
const RECENT_KEPT = 50;

/** One violation as logged and kept: nothing that can carry a token. */
export interface CspViolation {
  readonly documentUri: string;
  readonly violatedDirective: string;
  readonly effectiveDirective: string;
  readonly blockedUri: string;
  readonly sourceFile: string;
  readonly lineNumber: number | null;
  readonly disposition: string;
}

/** Violations seen by this process: a running count and the latest few. */
export interface CspReportLog {
  count: number;
  readonly recent: CspViolation[];
}

/** A URL without query, fragment or credentials; keywords ('inline', 'eval') as they are. */
function withoutSecrets(value: unknown): string {
  if (typeof value !== 'string') return '';
  try {
    const url = new URL(value);
    return `${url.origin === 'null' ? `${url.protocol}` : url.origin}${url.protocol === 'data:' || url.protocol === 'blob:' ? '' : url.pathname}`;
  } catch {
    return value.slice(0, 40).replace(/[^\w\s'-]/g, '');
  }
}

function text(value: unknown, max = 200): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** The violations in a body of either format: application/csp-report (report-uri) or application/reports+json (report-to). */
export function readViolations(body: unknown): CspViolation[] {
  const reports: Record<string, unknown>[] = [];
  if (Array.isArray(body)) {
    for (const item of body as unknown[]) {
      const entry = item as { type?: unknown; body?: unknown } | null;
      if (entry?.type === 'csp-violation' && typeof entry.body === 'object' && entry.body !== null) reports.push(entry.body as Record<string, unknown>);
    }
  } else if (typeof body === 'object' && body !== null) {
    const legacy = (body as Record<string, unknown>)['csp-report'];
    if (typeof legacy === 'object' && legacy !== null) reports.push(legacy as Record<string, unknown>);
  }
  return reports.map((r) => ({
    documentUri: withoutSecrets(r['document-uri'] ?? r.documentURL),
    violatedDirective: text(r['violated-directive'] ?? r.effectiveDirective),
    effectiveDirective: text(r['effective-directive'] ?? r.effectiveDirective),
    blockedUri: withoutSecrets(r['blocked-uri'] ?? r.blockedURL),
    sourceFile: withoutSecrets(r['source-file'] ?? r.sourceFile),
    lineNumber: typeof (r['line-number'] ?? r.lineNumber) === 'number' ? Number(r['line-number'] ?? r.lineNumber) : null,
    disposition: text(r.disposition, 20),
  }));
}

/**
 * Registers `POST /csp-report` (JSON bodies up to 8 KB, limited per address by the client request
 * limit; 204 whatever it held, 429 beyond the limit) and, when `exposeRecent` (development),
 * `GET /dev/csp-reports` with the count and the latest reports.
 */
export async function registerCspReportRoutes(app: FastifyInstance, limits: Pick<AbuseLimits, 'assertRequestAllowed'>, exposeRecent: boolean): Promise<CspReportLog> {
  const seen: CspReportLog = { count: 0, recent: [] };
  await app.register(async (scope) => {
    for (const type of ['application/csp-report', 'application/reports+json']) scope.addContentTypeParser(type, { parseAs: 'string' }, scope.getDefaultJsonParser('ignore', 'ignore'));
    scope.post(CSP_REPORT_PATH, { bodyLimit: REPORT_BODY_LIMIT_BYTES }, async (request: FastifyRequest, reply) => {
      try {
        await limits.assertRequestAllowed(`csp|${request.ip}`);
      } catch (error) {
        if (isServiceError(error)) return reply.status(429).send({ message: error.message });
        throw error;
      }
      for (const violation of readViolations(request.body)) {
        seen.count += 1;
        seen.recent.unshift(violation);
        seen.recent.length = Math.min(seen.recent.length, RECENT_KEPT);
        request.log.warn({ cspViolation: violation, cspViolations: seen.count }, 'Content-Security-Policy violation');
      }
      return reply.status(204).send();
    });
  });
  if (exposeRecent) app.get('/dev/csp-reports', async (_request, reply) => reply.header('cache-control', 'no-store').send(seen));
  return seen;
}
