// The pre-signed upload URL of an import job: PUT <base>/user-import/<jobId>?expires=<unix s>&signature=<…>,
// where signature = HMAC-SHA256 over the job id and the expiry, keyed by a key derived from the
// server's CODE_PEPPER. It names one job and holds until `expires`; nothing about it is stored.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { addSeconds, epochSeconds } from '../../time/clock.js';

/** How long an upload URL holds after CreateUserImportJob (Cognito's S3 URL also holds for a limited time). */
export const UPLOAD_URL_VALIDITY_SECONDS = 15 * 60;

/** Largest CSV the upload route takes (Cognito's documented limit for an import file is 100 MB). */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** The path of the upload route, without its query. */
export function uploadPath(jobId: string): string {
  return `/user-import/${encodeURIComponent(jobId)}`;
}

function uploadKey(pepper: string): Buffer {
  // A key of its own, so an upload signature can never stand for anything else keyed by the pepper.
  return createHmac('sha256', pepper).update('steward:user-import-upload-url:v1').digest();
}

function signatureOf(pepper: string, jobId: string, expires: number): Buffer {
  return createHmac('sha256', uploadKey(pepper)).update(`${jobId}\n${expires}`).digest();
}

/** When an upload URL made now ends (whole seconds, as the URL carries it). */
export function uploadUrlExpiry(now: Date): Date {
  return new Date(epochSeconds(addSeconds(now, UPLOAD_URL_VALIDITY_SECONDS)) * 1000);
}

/** The job's upload URL (absolute, under `baseUrl`), ending at `expiresAt`: the same URL whenever it is asked for again. */
export function signUploadUrl(pepper: string, baseUrl: string, jobId: string, expiresAt: Date): string {
  const expires = epochSeconds(expiresAt);
  const signature = signatureOf(pepper, jobId, expires).toString('base64url');
  return `${baseUrl.replace(/\/+$/, '')}${uploadPath(jobId)}?expires=${expires}&signature=${signature}`;
}

/** Why an upload URL is refused, or 'ok'. */
export type UploadUrlVerdict = 'ok' | 'bad-signature' | 'expired';

/** Checks an upload URL's query for `jobId` at `now`; the signature is compared in constant time, before the expiry is trusted. */
export function verifyUploadUrl(pepper: string, jobId: string, expiresText: unknown, signatureText: unknown, now: Date): UploadUrlVerdict {
  if (typeof expiresText !== 'string' || typeof signatureText !== 'string' || !/^\d{1,12}$/.test(expiresText) || !/^[\w-]{1,100}$/.test(signatureText)) return 'bad-signature';
  const expires = Number(expiresText);
  const expected = signatureOf(pepper, jobId, expires);
  const given = Buffer.from(signatureText, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  return epochSeconds(now) < expires ? 'ok' : 'expired';
}
