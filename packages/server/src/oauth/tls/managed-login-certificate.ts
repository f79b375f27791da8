// The certificate managed login is served with: the configured PEM files, or in development a
// self-signed certificate for localhost generated once and kept beside the data folder, so a
// browser that was told to trust it keeps trusting it across restarts.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'selfsigned';
import type { Config } from '../../config/config.js';

/** A PEM key and certificate chain for node:https. */
export interface TlsMaterial {
  readonly key: string;
  readonly cert: string;
}

/** Where the development certificate is kept; undefined for an in-memory data folder (tests). */
export function devCertificateDir(config: Pick<Config, 'dataDir'>): string | undefined {
  if (config.dataDir.startsWith('memory://')) return undefined;
  return path.join(path.dirname(path.resolve(config.dataDir)), 'managed-login-tls');
}

/** A new self-signed certificate for localhost, 127.0.0.1 and ::1, valid for a year. */
export async function generateDevCertificate(): Promise<TlsMaterial> {
  const notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** The configured certificate, else (development) the stored or a newly generated self-signed one. */
export async function managedLoginCertificate(config: Pick<Config, 'managedLoginTlsCertFile' | 'managedLoginTlsKeyFile' | 'dataDir'>): Promise<TlsMaterial> {
  if (config.managedLoginTlsCertFile !== undefined && config.managedLoginTlsKeyFile !== undefined) {
    return { cert: await readFile(config.managedLoginTlsCertFile, 'utf8'), key: await readFile(config.managedLoginTlsKeyFile, 'utf8') };
  }
  const dir = devCertificateDir(config);
  if (dir === undefined) return generateDevCertificate();
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) return { cert: await readFile(certFile, 'utf8'), key: await readFile(keyFile, 'utf8') };
  const material = await generateDevCertificate();
  await mkdir(dir, { recursive: true });
  await writeFile(keyFile, material.key, { mode: 0o600 });
  await writeFile(certFile, material.cert);
  return material;
}
