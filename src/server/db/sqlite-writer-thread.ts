import { parentPort, workerData } from "node:worker_threads";
import { openSqliteConnection, PreparedStatements, type SqliteResult } from "./sqlite-statements.ts";

// The SQLite store's writer: a thread with its own connection that runs every write, so the event loop never
// waits for the disk. Writes that arrive while a commit is being flushed are committed together in the next
// transaction (group commit): one flush for all of them, and each answered only once that flush is done
// (docs/decisions/0011-group-commit.md). Started by db/sqlite-writer.ts.

/** What the thread is started with. */
export interface WriterOptions {
  readonly file: string;
  /** Tests only (FANVAS_TEST_COMMIT_HOLD_MS): after each durable commit that stored drawings, wait this long before answering. */
  readonly holdAfterCommitMs: number;
}

/** A message to the writer. A `session` is an explicit transaction: while open, only its statements run. */
export type ToWriter =
  | {
      readonly kind: "run";
      readonly id: number;
      readonly sql: string;
      readonly parameters: unknown[];
      readonly session?: number | undefined;
    }
  | { readonly kind: "begin" | "commit" | "rollback"; readonly id: number; readonly session: number }
  | { readonly kind: "close" };

/** An error as it crosses the thread: node:sqlite's fields kept, so the message names the cause. */
export interface WriterError {
  readonly message: string;
  readonly code?: string;
  readonly errcode?: number;
  readonly errstr?: string;
}

/** The answer to one message. */
export type Outcome =
  | { readonly id: number; readonly result: SqliteResult }
  | { readonly id: number; readonly error: WriterError };

/** How a group commit went: its size, and the time of its statements and of its flush. */
export interface BatchTiming {
  readonly statements: number;
  readonly writeMs: number;
  readonly commitMs: number;
}

/** A message from the writer. */
export type FromWriter =
  | { readonly kind: "answers"; readonly outcomes: Outcome[]; readonly batch?: BatchTiming }
  | { readonly kind: "holding"; readonly statements: number; readonly ms: number }
  | { readonly kind: "closed" };

type Statement = Extract<ToWriter, { kind: "run" }>;

const port = parentPort;
if (port === null) throw new Error("sqlite-writer-thread.ts runs as a worker thread (db/sqlite-writer.ts)");
const options = workerData as WriterOptions;
const database = openSqliteConnection(options.file);
const statements = new PreparedStatements(database);
const inbox: ToWriter[] = [];
/** The open explicit transaction, if any. */
let session: number | undefined;
let scheduled = false;

port.on("message", (message: ToWriter) => {
  inbox.push(message);
  // Everything that arrived meanwhile is delivered before setImmediate runs: that is the next batch.
  if (!scheduled) {
    scheduled = true;
    setImmediate(drain);
  }
});

function drain(): void {
  scheduled = false;
  while (inbox.length > 0) {
    if (session !== undefined) {
      const index = inbox.findIndex((message) => message.kind !== "close" && message.session === session);
      // Other writes wait until the transaction ends, as they would behind SQLite's lock.
      if (index < 0) return;
      const [message] = inbox.splice(index, 1);
      if (message !== undefined && message.kind !== "close") runInSession(message);
      continue;
    }
    const next = inbox[0] as ToWriter;
    if (next.kind === "close") {
      database.close();
      port?.postMessage({ kind: "closed" } satisfies FromWriter);
      port?.close();
      return;
    }
    if (next.kind === "run" && next.session === undefined) {
      commitTogether(takeStatements());
      continue;
    }
    inbox.shift();
    runInSession(next);
  }
}

/** The plain statements at the head of the inbox, up to the next transaction or close. */
function takeStatements(): Statement[] {
  const end = inbox.findIndex((message) => message.kind !== "run" || message.session !== undefined);
  return inbox.splice(0, end < 0 ? inbox.length : end) as Statement[];
}

/**
 * One transaction and one flush for the whole batch. A statement that fails is undone alone (SQLite's
 * statement rollback) and answered with its error; the others commit. If the failure ended the transaction,
 * or the commit fails, nothing of the batch is durable and every statement answers that error.
 */
function commitTogether(batch: readonly Statement[]): void {
  const started = performance.now();
  const outcomes: Outcome[] = [];
  try {
    database.exec("BEGIN IMMEDIATE");
    for (const { id, sql, parameters } of batch) {
      try {
        outcomes.push({ id, result: statements.run(sql, parameters) });
      } catch (error) {
        outcomes.push({ id, error: asWriterError(error) });
        if (!database.isTransaction) throw error;
      }
    }
    const written = performance.now();
    database.exec("COMMIT");
    const committed = performance.now();
    if (batch.some(storesDrawing)) hold(batch.length);
    const timing = { statements: batch.length, writeMs: written - started, commitMs: committed - written };
    port?.postMessage({ kind: "answers", outcomes, batch: timing } satisfies FromWriter);
  } catch (error) {
    if (database.isTransaction) database.exec("ROLLBACK");
    const failure = asWriterError(error);
    const answered = batch.map(({ id }) => ({ id, error: failure }));
    port?.postMessage({ kind: "answers", outcomes: answered } satisfies FromWriter);
  }
}

function runInSession(message: Exclude<ToWriter, { kind: "close" }>): void {
  let outcome: Outcome;
  try {
    outcome = { id: message.id, result: sessionStep(message) };
  } catch (error) {
    outcome = { id: message.id, error: asWriterError(error) };
  }
  port?.postMessage({ kind: "answers", outcomes: [outcome] } satisfies FromWriter);
}

/** BEGIN, a statement, COMMIT or ROLLBACK of an explicit transaction; the transaction ends on either. */
function sessionStep(message: Exclude<ToWriter, { kind: "close" }>): SqliteResult {
  if (message.session !== session && message.kind !== "begin") {
    throw new Error("the transaction is not open (its BEGIN failed, or it has ended)");
  }
  if (message.kind === "run") return statements.run(message.sql, message.parameters);
  if (message.kind === "begin") {
    database.exec("BEGIN IMMEDIATE");
    session = message.session;
    return { rows: [] };
  }
  session = undefined;
  if (message.kind === "rollback" || !database.isTransaction) {
    if (database.isTransaction) database.exec("ROLLBACK");
    if (message.kind === "commit") throw new Error("the transaction was already rolled back by an error");
    return { rows: [] };
  }
  database.exec("COMMIT");
  return { rows: [] };
}

/** Whether a statement stores a new drawing: the commits the test hold applies to. */
function storesDrawing(statement: Statement): boolean {
  return /^\s*insert\s+into\s+"drawings"/i.test(statement.sql);
}

/**
 * Tests only: after a durable commit that stored drawings, the writer stays busy before answering, so a crash
 * test can kill the process between the flush and the answers (writes arriving meanwhile queue up for the next
 * group commit).
 */
function hold(statementCount: number): void {
  if (options.holdAfterCommitMs <= 0) return;
  port?.postMessage({ kind: "holding", statements: statementCount, ms: options.holdAfterCommitMs });
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, options.holdAfterCommitMs);
}

function asWriterError(error: unknown): WriterError {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, errcode, errstr } = error as Error & { code?: string; errcode?: number; errstr?: string };
  return { message: error.message, code, errcode, errstr };
}
