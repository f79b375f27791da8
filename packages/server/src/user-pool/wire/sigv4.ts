// Verification of AWS Signature Version 4 on admin calls: the AWS SDK/CLI configured with the
// server's admin key pair signs requests, and the server recomputes the signature with the secret.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { fail } from '../../errors/catalogue.js';

/** The parts of an HTTP request a SigV4 signature covers. */
export interface SignedRequest {
  readonly method: string;
  /** Path and query as received, e.g. "/" or "/?a=b". */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** The configured admin key pair. */
export interface AdminCredential {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

const MAX_SKEW_MS = 15 * 60 * 1000;

const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw fail('InvalidSignatureException', 'The request path or query is not valid percent-encoding.');
  }
}

function canonicalQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .filter((p) => p.length > 0)
    .map((pair) => {
      const [k = '', v = ''] = pair.split('=');
      return [encodeRfc3986(safeDecode(k)), encodeRfc3986(safeDecode(v))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function canonicalPath(path: string): string {
  const segments = path.split('/').map((s) => encodeRfc3986(safeDecode(s)));
  return segments.join('/') || '/';
}

/**
 * Checks the request's SigV4 signature against the admin credential; returns the access key id.
 * MissingAuthenticationTokenException without a signature, UnrecognizedClientException for
 * another key, InvalidSignatureException for a wrong or expired signature.
 */
export function verifySigV4(request: SignedRequest, credential: AdminCredential, now: Date): string {
  const authorization = header(request.headers, 'authorization');
  if (authorization === undefined || !authorization.startsWith('AWS4-HMAC-SHA256 ')) throw fail('MissingAuthenticationTokenException');
  const fields = new Map<string, string>();
  for (const part of authorization.slice('AWS4-HMAC-SHA256 '.length).split(',')) {
    const index = part.indexOf('=');
    if (index > 0) fields.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  const credentialField = fields.get('Credential');
  const signedHeadersField = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (credentialField === undefined || signedHeadersField === undefined || signature === undefined) {
    throw fail('InvalidSignatureException', 'Authorization header requires Credential, SignedHeaders and Signature.');
  }
  const [accessKeyId, date, region, service, terminator] = credentialField.split('/');
  if (accessKeyId !== credential.accessKeyId) throw fail('UnrecognizedClientException');
  if (date === undefined || region === undefined || service === undefined || terminator !== 'aws4_request') {
    throw fail('InvalidSignatureException', 'Credential should be scoped to a valid region/service.');
  }
  const amzDate = header(request.headers, 'x-amz-date');
  const match = amzDate === undefined ? null : /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (amzDate === undefined || match === null || !amzDate.startsWith(date)) throw fail('InvalidSignatureException', 'X-Amz-Date is missing or does not match the credential scope.');
  const signedAt = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]), Number(match[6]));
  if (Math.abs(now.getTime() - signedAt) > MAX_SKEW_MS) throw fail('InvalidSignatureException', 'Signature expired.');

  const signedHeaders = signedHeadersField.split(';');
  if (!signedHeaders.includes('host')) throw fail('InvalidSignatureException', 'The host header must be signed.');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const queryIndex = request.url.indexOf('?');
  const path = queryIndex < 0 ? request.url : request.url.slice(0, queryIndex);
  const query = queryIndex < 0 ? '' : request.url.slice(queryIndex + 1);
  const payloadHash = header(request.headers, 'x-amz-content-sha256') ?? sha256Hex(request.body);
  const canonicalRequest = [request.method.toUpperCase(), canonicalPath(path), canonicalQuery(query), canonicalHeaders, signedHeadersField, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credential.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = hmac(signingKey, stringToSign).toString('hex');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, 'utf8'))) throw fail('InvalidSignatureException');
  if (header(request.headers, 'x-amz-content-sha256') !== undefined && payloadHash !== sha256Hex(request.body)) throw fail('InvalidSignatureException', 'The body does not match x-amz-content-sha256.');
  return accessKeyId;
}
