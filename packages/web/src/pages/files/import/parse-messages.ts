// The messages between the page and parse.worker.ts.
import type { FileSource } from './parse-file';

/** The page asks the worker to read one file. */
export interface WorkerRequest {
  file: File;
}

/** What the worker sends back, in this order: hash, headers, rows (many), done — or error. */
export type WorkerReply =
  | { type: 'hash'; hash: string }
  | { type: 'headers'; headers: string[]; source: FileSource }
  | { type: 'rows'; rows: string[][] }
  | { type: 'done'; totalRows: number }
  | { type: 'error'; message: string };
