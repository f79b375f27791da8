// The page's side of the parser worker.
import type { FileSource } from './parse-file';
import type { WorkerReply, WorkerRequest } from './parse-messages';

/** What the page hears while a file is read. */
export interface ParseHandlers {
  hash: (hash: string) => void;
  headers: (headers: string[], source: FileSource) => void;
  rows: (rows: string[][]) => void;
  done: (totalRows: number) => void;
  error: (message: string) => void;
}

/** Reads `file` in a Web Worker; the returned function stops it. */
export function parseInWorker(file: File, handlers: ParseHandlers): () => void {
  const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'client-file-parser' });
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    switch (reply.type) {
      case 'hash':
        handlers.hash(reply.hash);
        break;
      case 'headers':
        handlers.headers(reply.headers, reply.source);
        break;
      case 'rows':
        handlers.rows(reply.rows);
        break;
      case 'done':
        handlers.done(reply.totalRows);
        worker.terminate();
        break;
      case 'error':
        handlers.error(reply.message);
        worker.terminate();
        break;
    }
  };
  worker.onerror = (event) => {
    handlers.error(event.message || 'The file could not be read.');
    worker.terminate();
  };
  const request: WorkerRequest = { file };
  worker.postMessage(request);
  return () => worker.terminate();
}
