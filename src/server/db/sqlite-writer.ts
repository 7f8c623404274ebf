import { Worker } from "node:worker_threads";
import { logCommitHold } from "./group-commit.ts";
import type { SqliteResult } from "./sqlite-statements.ts";
import type { FromWriter, Outcome, ToWriter, WriterError, WriterOptions } from "./sqlite-writer-thread.ts";

/** A group commit as the store saw it: how many writes, and where their time went. */
export interface CommittedBatch {
  readonly statements: number;
  /** Milliseconds each write waited before its batch began (behind the previous flush), in batch order. */
  readonly waitMs: readonly number[];
  /**
   * Milliseconds of the batch's statements, and of its commit's flush to disk. PostgreSQL's batches are one
   * autocommitted statement whose commit and flush happen inside it: their writeMs includes them, commitMs is
   * undefined.
   */
  readonly writeMs: number;
  readonly commitMs: number | undefined;
}

/** The event loop's handle on the writer thread (db/sqlite-writer-thread.ts). */
export interface SqliteWriter {
  /** Runs one write; resolves once its batch is durable. In a session, runs inside that transaction. */
  run(sql: string, parameters: readonly unknown[], session?: number): Promise<SqliteResult>;
  /** Opens an explicit transaction; every other write waits until it commits or rolls back. */
  begin(): Promise<number>;
  end(session: number, how: "commit" | "rollback"): Promise<void>;
  /** Writes sent and not yet answered. */
  pending(): number;
  /** Hears every group commit; returns the function that stops it. */
  onBatch(listener: (batch: CommittedBatch) => void): () => void;
  /** Answers what was sent, then closes the connection and ends the thread. */
  close(): Promise<void>;
}

interface Waiting {
  readonly sentAt: number;
  readonly resolve: (result: SqliteResult) => void;
  readonly reject: (error: Error) => void;
}

/** Starts the writer thread on `file`; resolves once its connection is open. */
export async function startSqliteWriter(options: WriterOptions): Promise<SqliteWriter> {
  const worker = new Worker(new URL("./sqlite-writer-thread.ts", import.meta.url), { workerData: options });
  const waiting = new Map<number, Waiting>();
  const listeners = new Set<(batch: CommittedBatch) => void>();
  let nextId = 1;
  let failure: Error | undefined;
  let closed: (() => void) | undefined;

  const fail = (error: Error) => {
    failure ??= error;
    for (const entry of waiting.values()) entry.reject(failure);
    waiting.clear();
  };
  worker.on("error", (error: Error) => fail(new Error(`the SQLite writer thread failed: ${error.message}`)));
  worker.on("exit", () => {
    fail(new Error("the SQLite writer thread has stopped; restart Fanvas"));
    closed?.();
  });
  worker.on("message", (message: FromWriter) => {
    if (message.kind === "closed") return;
    if (message.kind === "holding") {
      logCommitHold(message.statements, message.ms);
      return;
    }
    const receivedAt = performance.now();
    const waits = message.outcomes.map((outcome) => answer(outcome, receivedAt));
    if (message.batch !== undefined) {
      const { statements, writeMs, commitMs } = message.batch;
      const waitMs = waits.map((total) => Math.max(0, total - writeMs - commitMs));
      for (const listener of listeners) listener({ statements, waitMs, writeMs, commitMs });
    }
    // An idle writer must not keep the process alive; one with writes in flight must.
    if (waiting.size === 0) worker.unref();
  });

  /** Settles one write; returns how long it was in flight. */
  function answer(outcome: Outcome, receivedAt: number): number {
    const entry = waiting.get(outcome.id);
    waiting.delete(outcome.id);
    if (entry === undefined) return 0;
    if ("error" in outcome) entry.reject(asError(outcome.error));
    else entry.resolve(outcome.result);
    return receivedAt - entry.sentAt;
  }

  function send(message: ToWriter & { id: number }): Promise<SqliteResult> {
    if (failure !== undefined) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      waiting.set(message.id, { sentAt: performance.now(), resolve, reject });
      worker.ref();
      worker.postMessage(message);
    });
  }

  await new Promise<void>((resolve, reject) => {
    worker.once("online", resolve);
    worker.once("error", reject);
  });
  // Opening the connection in the thread fails loudly (a bad DATA_DIR): a first write proves it is open.
  await send({ kind: "run", id: nextId++, sql: "select 1", parameters: [] });

  return {
    run: (sql, parameters, session) =>
      send({ kind: "run", id: nextId++, sql, parameters: [...parameters], session }),
    begin: async () => {
      const session = nextId++;
      await send({ kind: "begin", id: session, session });
      return session;
    },
    end: async (session, how) => {
      await send({ kind: how, id: nextId++, session });
    },
    pending: () => waiting.size,
    onBatch: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      if (failure !== undefined) return;
      const exited = new Promise<void>((resolve) => {
        closed = resolve;
      });
      worker.ref();
      worker.postMessage({ kind: "close" } satisfies ToWriter);
      await exited;
    },
  };
}

/** The thread's error as an Error again, with node:sqlite's code, errcode and errstr. */
function asError(shape: WriterError): Error {
  return Object.assign(new Error(shape.message), shape);
}
