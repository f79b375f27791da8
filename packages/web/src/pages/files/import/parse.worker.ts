// The file parser's own thread: a 100 000-row file is read here so the page never freezes. The page
// sends { file }; the worker answers with the hash, the headers, row chunks and the end.
import { parseClientFile, sha256Hex } from './parse-file';
import type { WorkerReply, WorkerRequest } from './parse-messages';

const scope = self as unknown as { onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null; postMessage: (reply: WorkerReply) => void };

scope.onmessage = (event) => {
  const { file } = event.data;
  const run = async (): Promise<void> => {
    scope.postMessage({ type: 'hash', hash: await sha256Hex(await file.arrayBuffer()) });
    await parseClientFile(file, file.name, {
      headers: (headers, source) => scope.postMessage({ type: 'headers', headers, source }),
      rows: (rows) => scope.postMessage({ type: 'rows', rows }),
      done: (totalRows) => scope.postMessage({ type: 'done', totalRows }),
    });
  };
  run().catch((failure: unknown) => scope.postMessage({ type: 'error', message: failure instanceof Error ? failure.message : String(failure) }));
};
