import { type Kysely, sql } from "kysely";
import type { Store } from "../../../src/server/db/open.ts";
import type { Database } from "../../../src/server/db/schema.ts";

/** One column as both stores can describe it. */
export interface ColumnShape {
  readonly name: string;
  /** text, integer, bytes (BLOB / bytea), time (timestamptz; SQLite keeps times as text), or the raw type. */
  readonly type: string;
  readonly notNull: boolean;
  /** The default as a literal ('visible', 0), without PostgreSQL's ::type cast; null when none. */
  readonly default: string | null;
  /** Position in the primary key, 0 when not part of it. */
  readonly primaryKey: number;
}

/** One secondary index: its columns in order, whether unique, and its WHERE for a partial index. */
export interface IndexShape {
  readonly name: string;
  readonly unique: boolean;
  readonly columns: readonly string[];
  readonly where: string | null;
}

/** One table: columns in order, indexes and foreign keys by name. */
export interface TableShape {
  readonly columns: readonly ColumnShape[];
  readonly indexes: readonly IndexShape[];
  /** "column -> table.column on delete rule", sorted. */
  readonly foreignKeys: readonly string[];
}

/** Every table of the app (Kysely's own bookkeeping tables left out), by name. */
export type SchemaShape = Readonly<Record<string, TableShape>>;

const TYPES: Readonly<Record<string, string>> = {
  blob: "bytes",
  bytea: "bytes",
  "timestamp with time zone": "time",
};

/** The schema of an open store, normalised so the two dialects can be compared. */
export function schemaOf(store: Store): Promise<SchemaShape> {
  return store.dialect === "sqlite" ? sqliteSchema(store.db) : postgresSchema(store.db);
}

/** The shape as SQLite would hold it: there, times are ISO 8601 text (src/server/db/dialect.ts). */
export function asSqliteWouldHoldIt(shape: SchemaShape): SchemaShape {
  return Object.fromEntries(
    Object.entries(shape).map(([name, table]) => [
      name,
      { ...table, columns: table.columns.map((c) => ({ ...c, type: c.type === "time" ? "text" : c.type })) },
    ]),
  );
}

function normalise(type: string): string {
  const lower = type.toLowerCase();
  return TYPES[lower] ?? lower;
}

/** A WHERE clause without quotes, parentheses or case: "reencoded_at is null". */
function normaliseWhere(where: string | null | undefined): string | null {
  if (where === null || where === undefined) return null;
  return where.replace(/["()]/g, "").trim().toLowerCase();
}

async function sqliteSchema(k: Kysely<Database>): Promise<SchemaShape> {
  const tables = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name`.execute(k);
  const shape: Record<string, TableShape> = {};
  for (const { name } of tables.rows) {
    const columns = await sql<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>`
      select name, type, "notnull", dflt_value, pk from pragma_table_info(${name}) order by cid`.execute(k);
    const indexList = await sql<{ name: string; unique: number; origin: string }>`
      select name, "unique", origin from pragma_index_list(${name}) where origin = 'c' order by name`.execute(
      k,
    );
    const indexes: IndexShape[] = [];
    for (const index of indexList.rows) {
      const info = await sql<{
        name: string;
      }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(k);
      const source = await sql<{
        sql: string;
      }>`select sql from sqlite_master where name = ${index.name}`.execute(k);
      const where = / where (.*)$/i.exec(source.rows[0]?.sql ?? "")?.[1];
      indexes.push({
        name: index.name,
        unique: index.unique === 1,
        columns: info.rows.map((row) => row.name),
        where: normaliseWhere(where),
      });
    }
    const keys = await sql<{ from: string; table: string; to: string; on_delete: string }>`
      select "from", "table", "to", on_delete from pragma_foreign_key_list(${name})`.execute(k);
    shape[name] = {
      columns: columns.rows.map((c) => ({
        name: c.name,
        type: normalise(c.type),
        notNull: c.notnull === 1 || c.pk > 0,
        default: c.dflt_value,
        primaryKey: c.pk,
      })),
      indexes,
      foreignKeys: keys.rows
        .map((f) => `${f.from} -> ${f.table}.${f.to} on delete ${f.on_delete.toLowerCase()}`)
        .sort(),
    };
  }
  return shape;
}

async function postgresSchema(k: Kysely<Database>): Promise<SchemaShape> {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%' order by table_name, ordinal_position`.execute(
    k,
  );
  const keys = await sql<{ table_name: string; column_name: string; ordinal_position: number }>`
    select kcu.table_name, kcu.column_name, kcu.ordinal_position from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
      and kcu.table_schema = tc.table_schema
    where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = 'public'`.execute(k);
  const indexes = await sql<{
    table: string;
    name: string;
    unique: boolean;
    columns: string[];
    where: string | null;
  }>`
    select t.relname as table, i.relname as name, ix.indisunique as unique,
      array(select a.attname from unnest(ix.indkey) with ordinality as key(attnum, n)
        join pg_attribute a on a.attrelid = t.oid and a.attnum = key.attnum order by key.n)::text[] as columns,
      pg_get_expr(ix.indpred, ix.indrelid) as where
    from pg_index ix join pg_class i on i.oid = ix.indexrelid join pg_class t on t.oid = ix.indrelid
    join pg_namespace ns on ns.oid = t.relnamespace
    where ns.nspname = 'public' and not ix.indisprimary and t.relname not like 'kysely_%'
    order by i.relname`.execute(k);
  const foreign = await sql<{
    table_name: string;
    column_name: string;
    ref_table: string;
    ref_column: string;
    rule: string;
  }>`
    select kcu.table_name, kcu.column_name, ccu.table_name as ref_table, ccu.column_name as ref_column,
      rc.delete_rule as rule
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.constraint_name
    where kcu.table_schema = 'public'`.execute(k);
  const shape: Record<string, TableShape> = {};
  const tableNames = [...new Set(columns.rows.map((row) => row.table_name))].sort();
  for (const table of tableNames) {
    shape[table] = {
      columns: columns.rows
        .filter((c) => c.table_name === table)
        .map((c) => ({
          name: c.column_name,
          type: normalise(c.data_type),
          notNull: c.is_nullable === "NO",
          default: c.column_default === null ? null : c.column_default.replace(/::[a-z ]+$/, ""),
          primaryKey:
            keys.rows.find((key) => key.table_name === table && key.column_name === c.column_name)
              ?.ordinal_position ?? 0,
        })),
      indexes: indexes.rows
        .filter((index) => index.table === table)
        .map((index) => ({
          name: index.name,
          unique: index.unique,
          columns: index.columns,
          where: normaliseWhere(index.where),
        })),
      foreignKeys: foreign.rows
        .filter((f) => f.table_name === table)
        .map((f) => `${f.column_name} -> ${f.ref_table}.${f.ref_column} on delete ${f.rule.toLowerCase()}`)
        .sort(),
    };
  }
  return shape;
}
