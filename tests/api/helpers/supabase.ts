import type { AddressInfo } from "node:net";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { startTestApp, type TestApp } from "./app.ts";
import type { Dialect } from "./dialects.ts";

/** A test app listening on a free port, and supabase-js clients pointed at it as at a Supabase project. */
export interface SupabaseTarget {
  readonly test: TestApp;
  readonly baseUrl: string;
  /** A client with these global headers (an Idempotency-Key, say), no session kept. */
  client(headers?: Record<string, string>): SupabaseClient;
}

/** Starts the app on one dialect and listens, so the real supabase-js can reach it over HTTP. */
export async function startSupabaseTarget(dialect: Dialect): Promise<SupabaseTarget> {
  const test = await startTestApp(dialect);
  await test.app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  return {
    test,
    baseUrl,
    client: (headers = {}) =>
      createClient(baseUrl, "anon-key", {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers },
      }),
  };
}
