// Backups of a running server's PGlite folder. Only the process holding the folder may read it
// consistently, so a server on a PGlite folder answers `GET /backup` on a Unix socket beside that
// folder (`<DATA_DIR>.backup.sock`, mode 0600), and `cli backup` asks there first. Who can connect
// could read the folder's files anyway (same owner): the socket grants nothing new, and no network
// port is opened for it. Beside, not inside: PGlite's archive of its folder fails on a socket file.
import { request as httpRequest, createServer, type Server } from 'node:http';
import { chmod, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.js';
import type { Logger } from '../user-pool/operations/logger.js';
import { BackupError, pgliteBackup } from './pglite-backup.js';

// sockaddr_un holds 108 bytes on Linux (104 on macOS), terminator included.
const MAX_SOCKET_PATH_BYTES = 103;

/** The backup socket of a data folder: `<folder>.backup.sock`, beside it. */
export function backupSocketPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.backup.sock`;
}

/** A listening backup socket. */
export interface BackupSocket {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * Answers backup requests on the data folder's socket for as long as the server runs. Undefined
 * (with a warning) when the socket cannot be opened: backups then need the server stopped.
 */
export async function serveBackups(db: Database, dataDir: string, log: Logger): Promise<BackupSocket | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    log.warn('backups: DATA_DIR is too long a path for the backup socket; stop the server to back it up', { socketPath });
    return undefined;
  }
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    pgliteBackup(db).then(
      (bytes) => {
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length }).end(bytes);
        log.info('backups: backup taken', { bytes: bytes.length });
      },
      (error: unknown) => {
        log.error('backups: backup failed', { err: error });
        response.writeHead(500).end();
      },
    );
  });
  try {
    // A socket file left by a killed server: this process holds the folder lock, so it is no one's.
    await rm(socketPath, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(socketPath, 0o600);
  } catch (error) {
    server.close();
    log.warn('backups: could not open the backup socket; stop the server to back it up', { socketPath, err: error });
    return undefined;
  }
  return {
    path: socketPath,
    close: () => closeSocket(server, socketPath),
  };
}

async function closeSocket(server: Server, socketPath: string): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(socketPath, { force: true });
}

/**
 * Asks the server holding `dataDir` for a backup over its socket. Undefined when no server answers
 * there (no socket, or one left by a stopped server); BackupError when the server could not take it.
 */
export function requestBackupFromServer(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ socketPath: backupSocketPath(dataDir), path: '/backup', method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode === 200) resolve(Buffer.concat(chunks));
        else reject(new BackupError(`The running server could not take the backup (status ${String(response.statusCode)}); see its log.`));
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    request.end();
  });
}
