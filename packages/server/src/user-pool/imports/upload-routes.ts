// PUT /user-import/<jobId>?expires=…&signature=…: where an import job's CSV is uploaded (its
// PreSignedUrl), as Cognito's users PUT theirs to S3 (`curl -T users.csv "<PreSignedUrl>"`). The
// signature is checked before the body is read; the file replaces any earlier upload of the job
// until the job is started.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerServices } from '../operations/operation-context.js';
import { findImportJob } from './import-job-repository.js';
import { UPLOAD_MAX_BYTES, verifyUploadUrl } from './upload-url.js';

interface UploadRequest {
  Params: { jobId: string };
  Querystring: { expires?: unknown; signature?: unknown };
}

/** The body as text, or undefined when it is not UTF-8 or holds a NUL (which PostgreSQL text cannot store, and no CSV has). */
function utf8Text(body: Buffer): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    return text.includes('\u0000') ? undefined : text;
  } catch {
    return undefined;
  }
}

function refuse(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').send({ code, message });
}

/** Registers the upload route (its own scope: any content type, read as bytes, up to UPLOAD_MAX_BYTES). */
export async function registerUserImportUploadRoutes(app: FastifyInstance, services: Pick<ServerServices, 'db' | 'clock' | 'config'>): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: { statusCode?: number; code?: string }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(reply, 413, 'EntityTooLarge', `The file is larger than the ${UPLOAD_MAX_BYTES} bytes an import takes.`);
      const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      return refuse(reply, status, status === 500 ? 'InternalError' : 'BadRequest', status === 500 ? 'The upload could not be stored.' : 'The upload request is malformed.');
    });

    scope.put<UploadRequest>(
      '/user-import/:jobId',
      {
        bodyLimit: UPLOAD_MAX_BYTES,
        // Refused before a byte of the body is read: a wrong or stale URL cannot make the server take 100 MB.
        onRequest: async (request: FastifyRequest<UploadRequest>, reply) => {
          const verdict = verifyUploadUrl(services.config.codePepper, request.params.jobId, request.query.expires, request.query.signature, services.clock.now());
          if (verdict === 'bad-signature') return refuse(reply, 403, 'SignatureDoesNotMatch', 'The upload URL signature is not valid for this import job.');
          if (verdict === 'expired') return refuse(reply, 403, 'AccessDenied', 'The upload URL has expired; create a new import job.');
          return undefined;
        },
      },
      async (request, reply) => {
        const job = await findImportJob(services.db, request.params.jobId);
        if (job === undefined) return refuse(reply, 404, 'NoSuchJob', 'The import job no longer exists.');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (body.length === 0) return refuse(reply, 400, 'EmptyFile', 'The upload is empty; send the CSV file as the request body.');
        const text = utf8Text(body);
        if (text === undefined) return refuse(reply, 400, 'NotUtf8Text', 'The file is not UTF-8 text.');
        const rows = await services.db.query(
          `UPDATE user_import_jobs SET csv = $2, csv_bytes = $3, uploaded_at = $4 WHERE id = $1 AND status = 'Created' RETURNING id`,
          [job.id, text, body.length, services.clock.now()],
        );
        if (rows.length === 0) return refuse(reply, 409, 'JobNotWaitingForUpload', `The import job is ${job.status}; its file can no longer be replaced.`);
        return reply.status(200).header('cache-control', 'no-store').send();
      },
    );
  });
}
