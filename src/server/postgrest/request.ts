import { Type } from "typebox";
import { PROMPT_ID_SCHEMA_PATTERN } from "../../common/prompts.ts";
import { HttpError } from "../http/errors.ts";
import { DRAWING_ID, type SchemaFailure } from "../http/validation.ts";

// How a PostgREST insert request is read: the rows, the Prefer and Accept headers and ?select=.
// Only what supabase-js and hand-written PostgREST clients send for an insert into drawings.

/** Rows one request may insert; an array body beyond this is refused before anything is decoded. */
export const MAX_ROWS_PER_INSERT = 10;
/**
 * The whole body of one insert. Ten real drawings (about 120 KB each, 160 KB as data URLs) need under 2 MiB;
 * 8 MiB holds ten of up to 600 KB, or three at the 2 MiB limit of one image. Ten rows of that limit would be
 * 28 MB, held in memory as text, parsed strings and decoded PNGs: 60 such requests took the process to 1.2 GB.
 */
export const MAX_INSERT_BODY_BYTES = 8 * 2 ** 20;

/** The columns a client may read back; image_data is the data URL exactly as inserted. */
const READABLE_COLUMNS = ["id", "image_data", "created_at", "remix_of", "name", "prompt"] as const;
/** One readable column. */
export type ReadableColumn = (typeof READABLE_COLUMNS)[number];

/** A column in the answer: the name the client asked for (alias) and the column it reads. */
export interface SelectedColumn {
  readonly name: string;
  readonly column: ReadableColumn;
}

/** What the client asked for with Prefer and Accept. */
export interface InsertPreferences {
  /** Prefer: return=representation; the default (return=minimal) answers with no body. */
  readonly representation: boolean;
  /** Accept: application/vnd.pgrst.object+json: one object, and exactly one row or a 406. */
  readonly singleObject: boolean;
}

/** Columns that exist but are the server's to set. */
const SERVER_COLUMNS = new Set(["id", "created_at", "status"]);

/**
 * One row of an insert: image_data, the PNG's data URL, and optionally remix_of, the id of the drawing it
 * remixes (stored when that one is on the wall, else null, as on /api/drawings), name (the name it is signed
 * with) and prompt (the running prompt it enters), as /api/drawings takes them. making is the column a static
 * page on Supabase fills with its drawing's log (supabase/schema.sql): taken so such a page can store here
 * unchanged, and not kept (a timelapse comes with /api/drawings's save bundle, which the server checks).
 */
const rowSchema = {
  type: "object",
  required: ["image_data"],
  additionalProperties: false,
  properties: {
    image_data: { type: "string" },
    remix_of: DRAWING_ID,
    name: { type: ["string", "null"] },
    prompt: { type: ["string", "null"], pattern: PROMPT_ID_SCHEMA_PATTERN },
    making: { type: "string" },
  },
} as const;

/** The body of an insert: one row, or an array of at most MAX_ROWS_PER_INSERT rows (JSON Schema applies the
 * object keywords to an object only, the array keywords to an array only). */
export const insertBodySchema = Type.Unsafe<InsertedRow | InsertedRow[]>({
  ...rowSchema,
  type: ["object", "array"],
  maxItems: MAX_ROWS_PER_INSERT,
  items: rowSchema,
});

/** The query string of an insert: PostgREST's select and columns. */
export const insertQuerySchema = Type.Object({
  select: Type.Optional(Type.String()),
  columns: Type.Optional(Type.String()),
});

/** A row as insertBodySchema lets it through. */
export interface InsertedRow {
  readonly image_data: string;
  readonly remix_of?: string;
  readonly name?: string | null;
  readonly prompt?: string | null;
  /** A Supabase page's drawing log: taken, not kept (see rowSchema). */
  readonly making?: string;
}

/**
 * How PostgREST (and PostgreSQL behind it) refuses a body that breaks insertBodySchema: too many rows, a row
 * that is no object, a column the client may not set or that does not exist, no image_data.
 */
export function refuseInsertBody(failure: SchemaFailure): HttpError {
  const { keyword, field, data } = failure;
  if (keyword === "maxItems") {
    const rows = Array.isArray(data) ? data.length : "more";
    return new HttpError(
      413,
      "too_many_rows",
      `One insert may hold at most ${MAX_ROWS_PER_INSERT} drawings (got ${rows}); split it into several requests.`,
    );
  }
  if (keyword === "additionalProperties" && SERVER_COLUMNS.has(field)) {
    return new HttpError(
      400,
      "server_column",
      `The column "${clip(field)}" is set by the server; send only image_data.`,
    );
  }
  if (keyword === "additionalProperties") {
    return new HttpError(
      400,
      "unknown_field",
      `Could not find the '${clip(field)}' column of 'drawings' in the schema cache; send only image_data.`,
    );
  }
  if (keyword === "required" || (field.endsWith("image_data") && data === null)) {
    return new HttpError(
      400,
      "missing_field",
      'null value in column "image_data" of relation "drawings" violates not-null constraint; send canvas.toDataURL("image/png") as image_data.',
    );
  }
  if (field.endsWith("remix_of")) {
    return new HttpError(
      400,
      "bad_remix_of",
      "remix_of must be the id of a drawing (12 letters, digits, - or _); leave it out for a drawing of your own.",
    );
  }
  if (field.endsWith("prompt")) {
    return new HttpError(
      400,
      "bad_prompt",
      "prompt must be the id of the running prompt (lower-case letters, digits and hyphens); leave it out to enter none.",
    );
  }
  if (field.endsWith("name")) {
    return new HttpError(400, "bad_name", "name must be text: the name the drawing is signed with.");
  }
  if (field.endsWith("image_data")) {
    return new HttpError(
      400,
      "bad_data_url",
      'image_data must be a string: the data URL of canvas.toDataURL("image/png").',
      {
        imageRefused: true,
      },
    );
  }
  return new HttpError(
    400,
    "bad_json",
    'Each row must be a JSON object like {"image_data": "data:image/png;base64,..."}.',
  );
}

/** Reads Prefer (one or several headers, comma-separated) and Accept; unknown preferences are ignored. */
export function insertPreferences(
  prefer: string | string[] | undefined,
  accept: string | undefined,
): InsertPreferences {
  const preferences = [prefer ?? []]
    .flat()
    .flatMap((header) => header.split(","))
    .map((token) => token.trim().toLowerCase());
  return {
    representation: preferences.includes("return=representation"),
    singleObject: acceptsSingleObject(accept),
  };
}

/** True for vnd.pgrst.object+json; 406 for an Accept that allows no JSON answer at all. */
function acceptsSingleObject(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === "") return false;
  const types = accept.split(",").map((part) => part.split(";")[0]?.trim().toLowerCase() ?? "");
  if (types.includes("application/vnd.pgrst.object+json")) return true;
  const json = ["application/json", "application/vnd.pgrst.array+json", "application/*", "*/*"];
  if (types.some((type) => json.includes(type))) return false;
  throw new HttpError(
    406,
    "not_acceptable",
    `None of these media types are available: ${clip(accept)}; ask for application/json.`,
  );
}

/** PostgreSQL's longest name (NAMEDATALEN - 1): an alias is a column name of the answer. */
const MAX_ALIAS_LENGTH = 63;

/**
 * The ?select= list: "*" (every readable column), or names and alias:name pairs, each column at most once and
 * each alias at most MAX_ALIAS_LENGTH characters, so an answer is never larger than the rows it holds: a
 * thousand aliases of image_data made a 12 KB insert answer 13.9 MB.
 */
export function selectedColumns(select: string | undefined): SelectedColumn[] {
  const columns = listedColumns(select);
  const repeated = columns.find(
    ({ column }, index) => columns.findIndex((c) => c.column === column) !== index,
  );
  if (repeated !== undefined) {
    throw new HttpError(
      400,
      "column_repeated",
      `The column ${repeated.column} is selected more than once; name each column once in select (or use *).`,
    );
  }
  const long = columns.find(({ name }) => name.length > MAX_ALIAS_LENGTH);
  if (long !== undefined) {
    throw new HttpError(
      400,
      "bad_select",
      `The name "${clip(long.name)}" in select is longer than ${MAX_ALIAS_LENGTH} characters; use a shorter alias.`,
    );
  }
  return columns;
}

function listedColumns(select: string | undefined): SelectedColumn[] {
  const text = select?.trim() ?? "";
  if (text === "" || text === "*") return READABLE_COLUMNS.map((column) => ({ name: column, column }));
  return text.split(",").flatMap((item) => {
    const entry = item.trim();
    if (entry === "*") return READABLE_COLUMNS.map((column) => ({ name: column, column }));
    const [alias, source] = entry.includes(":") ? entry.split(":", 2) : [entry, entry];
    const column = unquote(source ?? "");
    if (!isReadable(column)) {
      throw new HttpError(
        400,
        "unknown_column",
        `column drawings.${clip(column)} does not exist; select from ${READABLE_COLUMNS.join(", ")}.`,
      );
    }
    return [{ name: unquote(alias ?? column), column }];
  });
}

function isReadable(column: string): column is ReadableColumn {
  return (READABLE_COLUMNS as readonly string[]).includes(column);
}

function unquote(name: string): string {
  return name.trim().replace(/^"(.*)"$/, "$1");
}

/** Echoed input is cut short so an answer never grows with what the client sent. */
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
