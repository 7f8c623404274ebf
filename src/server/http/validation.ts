import { AjvCompiler, type ValidatorFactory } from "@fastify/ajv-compiler";
import type { FastifyInstance, FastifySchemaValidationError, FastifyServerOptions } from "fastify";
import { Type } from "typebox";
import { DRAWING_ID_PATTERN } from "../../common/api.ts";
import { clip, HttpError } from "./errors.ts";

// One way to validate: every route's params, query string, headers and body are declared in its schema.
// Query strings, params and headers arrive as text and are coerced to their declared types; a body never
// is (a JSON 42 is not the string "42"). A failure is answered with the route's own rules: the failing
// property's description, or the route's own refusal (refuseInvalid).

/**
 * The shared schema of a drawing id (DRAWING_ID_PATTERN, registered once below), for a route's params
 * (`{ id: DRAWING_ID }`) or any field naming a drawing.
 */
export const DRAWING_ID = Type.Unsafe<string>({ $ref: "drawing-id#" });
/** The shared schema of the Idempotency-Key header, for a route's headers. */
export const IDEMPOTENCY_KEY = Type.Unsafe<string>({ $ref: "idempotency-key#" });

/** Registers the schemas every route may $ref; call before any route is registered. */
export function registerSharedSchemas(app: FastifyInstance): void {
  app.addSchema({
    $id: "drawing-id",
    type: "string",
    pattern: DRAWING_ID_PATTERN.source,
    description: "a drawing id is 12 letters, digits, - or _",
  });
  app.addSchema({
    $id: "idempotency-key",
    type: "string",
    // 1 to 200 visible ASCII characters: room for a UUID or a client's own scheme, never whitespace.
    pattern: "^[\\x21-\\x7e]{1,200}$",
    description: "the Idempotency-Key header is 1 to 200 visible ASCII characters (no spaces), sent once",
  });
}

/** Unknown fields are an error the client should hear about; errors carry the schema that failed. */
const STRICT = {
  removeAdditional: false,
  coerceTypes: false,
  useDefaults: true,
  verbose: true,
  allowUnionTypes: true,
} as const;
const COERCING = { ...STRICT, coerceTypes: true } as const;
const ajvCompilers = AjvCompiler();

/** What Fastify hands a validator compiler (the compiler's published type says a bare schema; it is this). */
type CompileRoute = (route: { readonly httpPart?: string }) => unknown;

/** Builds one route's validator: bodies validated as sent, everything else coerced from text. */
function buildValidator(externalSchemas: Parameters<ValidatorFactory>[0]): CompileRoute {
  const strict = ajvCompilers(externalSchemas, { customOptions: STRICT }) as unknown as CompileRoute;
  const coercing = ajvCompilers(externalSchemas, { customOptions: COERCING }) as unknown as CompileRoute;
  return (route) => (route.httpPart === "body" ? strict : coercing)(route);
}

/** Fastify's schema controller, with the validator compiler above. */
export const schemaController: FastifyServerOptions["schemaController"] = {
  compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory },
};

/** A route's (or the app's) schemaErrorFormatter: the refusal of a request its schema refused. */
export type SchemaErrorFormatter = (errors: FastifySchemaValidationError[], part: string) => Error;

/** One failed rule of a route's schema, as refuseInvalid hands it to a route's own refusal. */
export interface SchemaFailure {
  /** "body", "querystring", "params" or "headers". */
  readonly part: string;
  /** The failing field ("limit", "id"), or "" when the whole part failed. */
  readonly field: string;
  readonly keyword: string;
  /** The value that broke the rule (the field's, or the whole part's). */
  readonly data: unknown;
}

/**
 * The refusal of a request that breaks its route's schema: `own` may answer a failure with the route's own
 * refusal (a 404 for a malformed id, bad_limit); otherwise unknown_field, missing_field or invalid_request,
 * naming the field, the broken rule and what the route accepts (`hint`, else the schema's description).
 */
export function refuseInvalid(
  own: (failure: SchemaFailure) => HttpError | undefined = () => undefined,
  hint?: string,
): SchemaErrorFormatter {
  return (errors, part) => {
    const first = errors[0];
    const params = (first?.params ?? {}) as Record<string, unknown>;
    const keyword = first?.keyword ?? "";
    const named = params.additionalProperty ?? params.missingProperty;
    const field = named === undefined ? (first?.instancePath.slice(1) ?? "") : String(named);
    const data = (first as { data?: unknown } | undefined)?.data;
    const answer = own({ part, field, keyword, data });
    if (answer !== undefined) return answer;
    const where = PART_NAMES[part] ?? part;
    const rule = hint ?? descriptionOf(first);
    const tail = rule === undefined ? "." : `; ${rule}.`;
    if (keyword === "additionalProperties") {
      return new HttpError(400, "unknown_field", `The ${where} has an unknown field "${clip(field)}"${tail}`);
    }
    if (keyword === "required") {
      return new HttpError(400, "missing_field", `The ${where} lacks the field "${field}"${tail}`);
    }
    const subject = field === "" ? `The ${where}` : `"${field}" in the ${where}`;
    return new HttpError(400, "invalid_request", `${subject} ${first?.message ?? "is invalid"}${tail}`);
  };
}

const PART_NAMES: Readonly<Record<string, string>> = {
  body: "body",
  querystring: "query string",
  params: "address",
  headers: "headers",
};

/** The description of the schema that failed (the field's, not the object's around it). */
function descriptionOf(error: FastifySchemaValidationError | undefined): string | undefined {
  const schema = (error as { parentSchema?: { description?: unknown } } | undefined)?.parentSchema;
  const keyword = error?.keyword;
  if (keyword === "required" || keyword === "additionalProperties") return undefined;
  return typeof schema?.description === "string" ? schema.description : undefined;
}
