import { startSqliteWorker } from './sqlite-worker.js';

/**
 * Copies SQLite's write-ahead log back into the database file on a thread of its own (docs/notes/notifications.md
 * "Bench", ARCHITECTURE §8). By default SQLite does it inside the commit that takes the log past 1,000 pages: that
 * commit, and every request queued behind it on the one event loop, waits for megabytes to be copied, which made the
 * slowest few in a hundred writes several times slower than the rest. Here a worker thread with its own connection
 * runs a PASSIVE checkpoint every `everyMs` (it never waits for readers or the writer, and the server's connection
 * restarts the log at its next write once all of it was copied); the connection's own automatic checkpoint stays as a
 * backstop at `backstopPages`, should the worker fall behind or be gone.
 */
export interface WalCheckpointer {
  /** Checkpoints that copied at least one page, so far. */
  readonly copied: number;
  stop(): Promise<void>;
}

// Run by the worker (db/sqlite/sqlite-worker.ts): a passive checkpoint every tick until told to stop.
const CHECKPOINTS = `
db.pragma('busy_timeout = 1000');
const tick = () => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    if (row && row.checkpointed > 0) parentPort.postMessage(row.checkpointed);
  } catch {
    // Busy or locked now: the next tick tries again, and the server's backstop bounds the log meanwhile.
  }
};
const timer = setInterval(tick, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m === 'stop') {
    clearInterval(timer);
    tick();
    db.close();
    parentPort.postMessage('stopped');
  }
});
`;

export const CHECKPOINT_BACKSTOP_PAGES = 10_000;

export function startWalCheckpointer(file: string, everyMs = 500): WalCheckpointer {
  const worker = startSqliteWorker(file, CHECKPOINTS, { everyMs });
  let copied = 0;
  let stopped: (() => void) | undefined;
  let stopping: Promise<void> | undefined;
  worker.on('message', (m) => {
    if (m === 'stopped') stopped?.();
    else copied++;
  });
  // A worker that cannot start (the file gone) leaves the backstop in charge.
  worker.on('error', () => stopped?.());
  worker.on('exit', () => stopped?.());
  // A process does not stay up for its checkpoints (after the listeners: adding one refs the worker's port again).
  worker.unref();
  return {
    get copied() {
      return copied;
    },
    stop() {
      // Once: a bulk load stops it before turning the log off, and the database's close stops it again.
      stopping ??= (async () => {
        const done = new Promise<void>((resolve) => {
          stopped = resolve;
        });
        // Held while it makes its last checkpoint, so that whoever awaits the close sees it finish.
        worker.ref();
        worker.postMessage('stop');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([done, new Promise((r) => (timer = setTimeout(r, 2_000)))]);
        clearTimeout(timer);
        await worker.terminate();
      })();
      return stopping;
    },
  };
}
