/**
 * The few building blocks the wire schemas share. Kept to the JSON Schema the routes always sent (a type list for
 * "or null", a pattern for same-origin paths): Fastify's serializer writes a type list straight out, where a
 * union (anyOf) would make it test every value against each branch.
 */
import { type Static, type TSchema, Type } from "typebox";

/** A value of `schema` or null, as `{ type: [<its type>, "null"] }`. */
export function nullable<T extends TSchema & { readonly type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, "null"] });
}

/**
 * A path on this server ("/api/drawings/x.png", "/d/x"): the page only ever links and loads same-origin paths,
 * so a full URL, a protocol-relative "//host" or a "javascript:" link from the wire is not ours.
 */
export const OwnPath = Type.String({ pattern: "^/(?!/)" });

/** One of these strings, as `{ type: "string", enum: [...] }` (one check, where a union of literals is several). */
export function stringEnum<const T extends readonly string[]>(values: T, description?: string) {
  return Type.Unsafe<T[number]>({
    type: "string",
    enum: [...values],
    ...(description === undefined ? {} : { description }),
  });
}
