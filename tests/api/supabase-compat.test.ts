import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { startEdgeApp } from "./helpers/edge-app.ts";
import { dataUrlBody, drawingPng } from "./helpers/png.ts";
import { type SupabaseTarget, startSupabaseTarget } from "./helpers/supabase.ts";

// The real supabase-js client against a listening Fanvas: a page written for a Supabase project stores
// into Fanvas unchanged.

describe.each(testDialects())("Supabase-compatible insert (%s)", (dialect) => {
  let target: SupabaseTarget;
  let test: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    target = await startSupabaseTarget(dialect);
    ({ test, baseUrl } = target);
  });
  afterAll(() => test.close());

  const client = (headers: Record<string, string> = {}) => target.client(headers);

  it("insert(row).select().maybeSingle() returns the stored row with no error", async () => {
    const png = await drawingPng(600, 600, 11);
    const row = dataUrlBody(png);
    const before = await test.count();
    const { data, error, status } = await client().from("drawings").insert(row).select().maybeSingle();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ id: expect.any(String), image_data: row.image_data });
    expect(new Date(String(data?.created_at)).getTime()).not.toBeNaN();
    expect(await test.count()).toBe(before + 1);
    const image = await fetch(`${baseUrl}/api/drawings/${String(data?.id)}.png`);
    expect(image.status).toBe(200);
  });

  it("insert([a, b]).select() returns both rows, select('id') only ids", async () => {
    const rows = [dataUrlBody(await drawingPng(600, 600, 12)), dataUrlBody(await drawingPng(600, 600, 13))];
    const before = await test.count();
    const { data, error } = await client().from("drawings").insert(rows).select();
    expect(error).toBeNull();
    expect(data?.map((row) => row.image_data)).toEqual(rows.map((row) => row.image_data));
    const ids = await client().from("drawings").insert(rows).select("id");
    expect(ids.error).toBeNull();
    expect(ids.data?.map((row) => Object.keys(row))).toEqual([["id"], ["id"]]);
    expect(await test.count()).toBe(before + 4);
  });

  it("takes the making column a static page on Supabase sends, and stores the picture without a timelapse", async () => {
    const row = { ...dataUrlBody(await drawingPng(600, 600, 15)), making: "RlZEUgEBAA==" };
    const { data, error, status } = await client().from("drawings").insert(row).select().maybeSingle();
    expect(error).toBeNull();
    expect(status).toBe(201);
    const making = await fetch(`${baseUrl}/api/drawings/${String(data?.id)}/making`);
    expect(making.status).toBe(404);
  });

  it("insert(row) without select (return=minimal) succeeds with no data", async () => {
    const before = await test.count();
    const { data, error, status } = await client()
      .from("drawings")
      .insert(dataUrlBody(await drawingPng(600, 600, 14)));
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(await test.count()).toBe(before + 1);
  });

  it("an invalid image is an error naming the problem, and nothing is stored", async () => {
    const before = await test.count();
    const small = dataUrlBody(await drawingPng(300, 300, 1));
    const wrongSize = await client().from("drawings").insert(small).select().maybeSingle();
    expect(wrongSize.data).toBeNull();
    expect(wrongSize.error?.message).toMatch(/300 x 300 pixels/);
    expect(wrongSize.error?.code).toBe("22023");
    const notDataUrl = await client().from("drawings").insert({ image_data: "hello" });
    expect(notDataUrl.error?.message).toMatch(/data:image\/png;base64,/);
    // One bad row refuses the whole insert, as PostgREST's transaction would.
    const good = dataUrlBody(await drawingPng(600, 600, 15));
    const mixed = await client().from("drawings").insert([good, small]).select();
    expect(mixed.error?.message).toMatch(/300 x 300/);
    const unknown = await client()
      .from("drawings")
      .insert({ ...good, title: "x" });
    expect(unknown.error).toMatchObject({ code: "PGRST204" });
    expect(await test.count()).toBe(before);
  });

  it("an Idempotency-Key sent through global headers stores a retried insert once", async () => {
    const row = dataUrlBody(await drawingPng(600, 600, 16));
    const keyed = client({ "Idempotency-Key": `supabase-${dialect}-retry` });
    const before = await test.count();
    const first = await keyed.from("drawings").insert(row).select().maybeSingle();
    const retry = await keyed.from("drawings").insert(row).select().maybeSingle();
    expect(first.error).toBeNull();
    expect(retry.error).toBeNull();
    expect(retry.data?.id).toBe(first.data?.id);
    const other = await keyed
      .from("drawings")
      .insert(dataUrlBody(await drawingPng(600, 600, 17)))
      .select()
      .maybeSingle();
    expect(other.error).toMatchObject({ code: "23505" });
    expect(await test.count()).toBe(before + 1);
  });

  it("single() asks for one object; an array of two is PostgREST's 406 and stores nothing", async () => {
    const row = dataUrlBody(await drawingPng(600, 600, 18));
    const one = await client().from("drawings").insert(row).select("id, created_at").single();
    expect(one.error).toBeNull();
    expect(Object.keys(one.data ?? {})).toEqual(["id", "created_at"]);
    const before = await test.count();
    const two = await client().from("drawings").insert([row, row]).select().single();
    expect(two.status).toBe(406);
    expect(two.error).toMatchObject({ code: "PGRST116" });
    expect(await test.count()).toBe(before);
  });
});

describe("Supabase-compatible insert: raw PostgREST requests", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp("sqlite");
  });
  afterAll(() => test.close());

  const post = (body: string, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: "POST",
      url: "/rest/v1/drawings?select=*",
      headers: { "content-type": "application/json", apikey: "anon-key", ...headers },
      payload: body,
    });

  it("answers bad JSON, wrong content types and too many rows with PostgREST error bodies", async () => {
    const before = await test.count();
    const badJson = await post("{");
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: "PGRST102", details: "fanvas:bad_json", hint: null });
    const textPlain = await post("x", { "content-type": "text/plain" });
    expect(textPlain.statusCode).toBe(415);
    expect(textPlain.json()).toMatchObject({ code: "PGRST107" });
    const row = JSON.stringify(dataUrlBody(await drawingPng()));
    const eleven = await post(`[${Array(11).fill(row).join(",")}]`);
    expect(eleven.statusCode).toBe(413);
    expect(eleven.json().message).toMatch(/at most 10 drawings/);
    const csv = await post(row, { accept: "text/csv" });
    expect(csv.statusCode).toBe(406);
    const otherTable = await test.app.inject({ method: "POST", url: "/rest/v1/profiles", payload: {} });
    expect(otherTable.statusCode).toBe(404);
    expect(otherTable.json()).toMatchObject({ code: "PGRST205" });
    expect(await test.count()).toBe(before);
  });

  it("return=minimal is the default: 201 with no body; tolerated preferences change nothing", async () => {
    const row = JSON.stringify(dataUrlBody(await drawingPng(600, 600, 3)));
    const minimal = await post(row, { prefer: "missing=default, resolution=ignore-duplicates" });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.body).toBe("");
    const object = await post(row, {
      prefer: "return=representation",
      accept: "application/vnd.pgrst.object+json",
    });
    expect(object.statusCode).toBe(201);
    expect(Object.keys(object.json())).toEqual([
      "id",
      "image_data",
      "created_at",
      "remix_of",
      "name",
      "prompt",
    ]);
  });
});

describe("Supabase-compatible insert at the edge", () => {
  it("a preflight from an allowed origin may send supabase-js's headers; others learn nothing", async () => {
    const edge = await startEdgeApp({ CORS_ORIGINS: "https://community.example" });
    try {
      const preflight = (origin: string) =>
        edge.app.inject({
          method: "OPTIONS",
          url: "/rest/v1/drawings",
          headers: {
            origin,
            "access-control-request-method": "POST",
            "access-control-request-headers": "apikey, authorization, x-client-info, prefer, content-profile",
          },
        });
      const allowed = await preflight("https://community.example");
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers["access-control-allow-origin"]).toBe("https://community.example");
      const headers = String(allowed.headers["access-control-allow-headers"]).toLowerCase();
      for (const name of ["apikey", "authorization", "x-client-info", "prefer", "content-profile"]) {
        expect(headers).toContain(name);
      }
      const other = await preflight("https://elsewhere.example");
      expect(other.headers["access-control-allow-origin"]).toBeUndefined();
      expect(other.headers["access-control-allow-headers"]).toBeUndefined();
    } finally {
      await edge.close();
    }
  });

  it("the save rate limit counts /rest/v1/drawings with /api/drawings", async () => {
    const edge = await startEdgeApp({ SAVE_RATE_LIMIT: "2" });
    try {
      const row = dataUrlBody(await drawingPng());
      const rest = () => edge.app.inject({ method: "POST", url: "/rest/v1/drawings", payload: row });
      expect((await rest()).statusCode).toBe(201);
      const api = await edge.app.inject({ method: "POST", url: "/api/drawings", payload: row });
      expect(api.statusCode).toBe(201);
      const limited = await rest();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: "rate_limited", details: "fanvas:rate_limited" });
    } finally {
      await edge.close();
    }
  });
});
