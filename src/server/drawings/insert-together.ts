import { groupCommit, logCommitHold } from "../db/group-commit.ts";
import type { Store } from "../db/open.ts";
import {
  insertDrawing,
  insertDrawingOnce,
  KEYED_COLUMNS,
  type KeyedSaveOutcome,
  type NewDrawing,
  newRecord,
  newRow,
  replayOf,
} from "./queries.ts";

// Group commit of saves on PostgreSQL (docs/decisions/0011-group-commit.md): the drawings that arrive while the
// previous insert is in flight go in the next one, one multi-row INSERT: one round trip, one commit, one WAL
// flush for all of them. SQLite's writer thread already commits concurrent writes together
// (db/sqlite-writer-thread.ts), so there each save sends its own statement.

/** One save's insert: its drawing, and the Idempotency-Key it came with. */
interface PendingInsert {
  readonly drawing: NewDrawing;
  readonly key: string | undefined;
  /** performance.now() when the save asked to be stored: its wait for the batch ahead is timed from here. */
  readonly queuedAt: number;
}

type Inserter = (insert: PendingInsert) => Promise<KeyedSaveOutcome>;

/** Rows per statement at most: 64 saves of up to 2 MiB each is as much as one statement should carry. */
const MAX_ROWS = 64;

const inserters = new WeakMap<Store, Inserter>();

/**
 * Stores a validated drawing, at most once per idempotency key; resolves once its row is committed, with
 * what became of it (a replay when the key already stored the same image, even in the same batch).
 */
export function insertTogether(
  store: Store,
  drawing: NewDrawing,
  key: string | undefined,
): Promise<KeyedSaveOutcome> {
  let insert = inserters.get(store);
  if (insert === undefined) {
    insert =
      store.dialect === "postgres"
        ? groupCommit((batch: readonly PendingInsert[]) => insertRows(store, batch), MAX_ROWS)
        : (one) => insertAlone(store, one);
    inserters.set(store, insert);
  }
  return insert({ drawing, key, queuedAt: performance.now() });
}

async function insertAlone(store: Store, { drawing, key }: PendingInsert): Promise<KeyedSaveOutcome> {
  if (key !== undefined) return insertDrawingOnce(store.db, drawing, key);
  return { kind: "created", record: await insertDrawing(store.db, drawing) };
}

/**
 * One statement for the batch. A key taken before, by a racing process, or by an earlier row of this same
 * statement makes its row do nothing (ON CONFLICT DO NOTHING), and the row stored under that key answers it.
 * If the statement fails, nothing of it was stored, and each save is tried alone, so one bad row fails alone.
 */
async function insertRows(
  store: Store,
  batch: readonly PendingInsert[],
): Promise<PromiseSettledResult<KeyedSaveOutcome>[]> {
  const started = performance.now();
  let outcomes: KeyedSaveOutcome[];
  try {
    outcomes =
      batch.length === 1
        ? [await insertAlone(store, batch[0] as PendingInsert)]
        : await insertMany(store, batch);
  } catch (error) {
    if (batch.length === 1) throw error;
    return Promise.allSettled(batch.map((one) => insertAlone(store, one)));
  }
  // /metrics' group-commit figures, as SQLite's writer thread reports its own: the INSERT is autocommitted,
  // so its commit and WAL flush are inside the statement's time.
  store.reportCommit({
    statements: batch.length,
    waitMs: batch.map((one) => started - one.queuedAt),
    writeMs: performance.now() - started,
    commitMs: undefined,
  });
  await holdAfterCommit(store, batch.length);
  return outcomes.map((value) => ({ status: "fulfilled", value }));
}

async function insertMany(store: Store, batch: readonly PendingInsert[]): Promise<KeyedSaveOutcome[]> {
  const rows = batch.map(({ drawing, key }) => ({ ...newRow(drawing), idempotency_key: key ?? null }));
  const inserted = await store.db
    .insertInto("drawings")
    .values(rows)
    .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
    .returning("id")
    .execute();
  const created = new Set(inserted.map((row) => row.id));
  const taken = batch.flatMap(({ drawing, key }) =>
    created.has(drawing.id) || key === undefined ? [] : [key],
  );
  // The statement has committed (or waited for the racing commit), so this read sees every taken key's row.
  const stored =
    taken.length === 0
      ? []
      : await store.db
          .selectFrom("drawings")
          .select([...KEYED_COLUMNS, "idempotency_key"])
          .where("idempotency_key", "in", taken)
          .execute();
  const byKey = new Map(stored.map((row) => [row.idempotency_key, row]));
  return batch.map(({ drawing, key }) => {
    if (created.has(drawing.id)) return { kind: "created", record: newRecord(drawing) };
    const row = byKey.get(key ?? null);
    if (row === undefined) throw new Error("a drawing without a key was not inserted");
    return replayOf(drawing, row);
  });
}

/**
 * Tests only (FANVAS_TEST_COMMIT_HOLD_MS, docs/decisions/0011-group-commit.md): after a durable commit, wait
 * before answering, so a crash test can kill the process between the flush and the answers. 0 in production.
 */
async function holdAfterCommit(store: Store, writes: number): Promise<void> {
  const ms = store.config.commitHoldMs ?? 0;
  if (ms <= 0) return;
  logCommitHold(writes, ms);
  await new Promise((resolve) => setTimeout(resolve, ms));
}
