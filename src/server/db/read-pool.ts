/**
 * A few worker threads, each with a read-only connection to the app's SQLite file, for reads costly
 * enough to hold the event loop (the name search's FTS5 match, architecture §8): better-sqlite3 runs
 * a query synchronously, so on the app's connection every other request would wait for it. With WAL
 * a worker reads the last commit and never blocks the writer. Workers start on the first request.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * One core stays the event loop's: on 2 cores one worker answered searches faster than two (p95 45 vs
 * 66 ms with 4 admins searching, measured) and costs ~13 MB less. At most two: a worker is ~13 MB.
 */
export const DEFAULT_READ_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

type Answer = { values?: Float64Array; width?: number; rows?: Record<string, unknown>[] };
type Mode = 'first' | 'rows' | 'table';

/** Rows of numbers, row after row in one array (`width` values a row; a null is NaN): a season's rows without an object each. */
export type NumberTable = { values: Float64Array; width: number; rows: number };
type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

type Reply =
  | { id: number; values: Float64Array; width?: number; rows?: undefined; error?: undefined }
  | { id: number; rows: Record<string, unknown>[]; values?: undefined; error?: undefined }
  | { id: number; error: { message: string; code?: string } };

type Thread = { worker: Worker; pending: Map<number, Pending> };

/** An error from a worker's SQLite, with SQLite's message and code as the app's own connection gives them. */
export class ReadPoolError extends Error {
  override name = 'SqliteError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const WORKER_URL = new URL('./read-worker.mjs', import.meta.url);

export class ReadPool {
  private readonly threads: (Thread | undefined)[];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: string,
    size = DEFAULT_READ_THREADS,
  ) {
    this.threads = Array.from({ length: size }, () => undefined);
  }

  /** The first column of every row of `sql`, as numbers (ids). A SQLite error rejects with its message. */
  async firstColumn(sql: string, parameters: readonly unknown[]): Promise<number[]> {
    const reply = await this.ask(sql, parameters, 'first');
    return Array.from(reply.values ?? []);
  }

  /** Every row of `sql` as an object (a batch of a long job's reads: the copy between threads costs the event loop far less than the query). */
  async rows<Row>(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
    const reply = await this.ask(sql, parameters, 'rows');
    return (reply.rows ?? []) as Row[];
  }

  /** Every column of every row of `sql` as numbers, handed over without a copy. */
  async table(sql: string, parameters: readonly unknown[]): Promise<NumberTable> {
    const reply = await this.ask(sql, parameters, 'table');
    const values = reply.values ?? new Float64Array();
    const width = reply.width ?? 0;
    return { values, width, rows: width === 0 ? 0 : values.length / width };
  }

  private ask(sql: string, parameters: readonly unknown[], mode: Mode): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error('read pool closed'));
    const thread = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // Held only while answers are owed, so an idle pool never keeps the process alive.
      if (thread.pending.size === 0) thread.worker.ref();
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, sql, parameters, ...(mode === 'first' ? {} : { [mode]: true }) });
    });
  }

  /** Workers running now (they start on first use and end with close()). */
  get running(): number {
    return this.threads.filter(Boolean).length;
  }

  /**
   * Refuses new requests, lets the ones under way finish (a request whose client has gone may still be
   * waiting when the server closes), then ends the workers; `graceMs` bounds the wait.
   */
  async close(graceMs = 5000): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0).filter((thread): thread is Thread => thread !== undefined);
    const until = Date.now() + graceMs;
    while (threads.some((thread) => thread.pending.size > 0) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private leastBusy(): Thread {
    let best: Thread | undefined;
    for (let slot = 0; slot < this.threads.length; slot++) {
      const thread = this.threads[slot] ?? (this.threads[slot] = this.start(slot));
      if (!best || thread.pending.size < best.pending.size) best = thread;
      if (thread.pending.size === 0) break;
    }
    return best!;
  }

  private start(slot: number): Thread {
    const worker = new Worker(WORKER_URL, { workerData: { file: this.file } });
    const thread: Thread = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const pending = thread.pending.get(reply.id);
      if (!pending) return;
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref();
      if (reply.error) pending.reject(new ReadPoolError(reply.error.message, reply.error.code));
      else pending.resolve(reply);
    });
    // 'error' (an uncaught exception, the file failing to open) is always followed by 'exit'.
    let failure: Error | undefined;
    worker.on('error', (error) => (failure = error));
    worker.on('exit', (code) => {
      const reason = failure ?? new Error(`read worker exited with code ${code}`);
      for (const pending of thread.pending.values()) pending.reject(reason);
      thread.pending.clear();
      // A worker that died is replaced on the next request; close() leaves the slot empty.
      if (this.threads[slot] === thread) this.threads[slot] = undefined;
    });
    return thread;
  }
}
