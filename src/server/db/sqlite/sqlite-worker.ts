import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread with a SQLite connection of its own on `file`, for work kept off the server's event loop and its
 * connection (background reads, the log's checkpoints; ARCHITECTURE §8). The worker is plain CommonJS evaluated from
 * `body`, which finds `db` (the connection), `parentPort` and `workerData` in scope. The driver's path is resolved
 * here and handed over, so the worker resolves nothing itself (an eval'd worker has no module path to resolve from).
 */
export function startSqliteWorker(file: string, body: string, data: Record<string, unknown>): Worker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const source = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
${body}`;
  return new Worker(source, { eval: true, workerData: { ...data, file, driver } });
}
