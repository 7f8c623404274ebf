import type { ApiError } from "../../../src/common/api.ts";
import type { ListeningTestApp } from "../../api/helpers/app.ts";

/** What GET /api/events answered one visitor. */
export interface StreamAnswer {
  readonly status: number;
  readonly retryAfter: string | null;
  /** The refusal's body when the stream did not open. */
  readonly refusal: ApiError | undefined;
}

/** Live-wall streams opened on `t` as visitors a trusted proxy names; they stay open until closeAll(). */
export function eventStreamsOn(t: ListeningTestApp): {
  connect(visitor: string): Promise<StreamAnswer>;
  closeLast(): void;
  closeAll(): void;
} {
  const open: AbortController[] = [];
  // Held, not only their controllers: a fetch's unread body that is collected closes its connection.
  const responses: Response[] = [];
  return {
    /** GET /api/events as `visitor` (the address the proxy names); a stream that opened is kept open. */
    connect: async (visitor) => {
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${t.port}/api/events`, {
        signal: controller.signal,
        headers: { "x-forwarded-for": visitor },
      });
      if (response.status === 200) {
        open.push(controller);
        responses.push(response);
      }
      const refusal = response.status === 200 ? undefined : ((await response.json()) as ApiError);
      return { status: response.status, retryAfter: response.headers.get("retry-after"), refusal };
    },
    closeLast: () => open.at(-1)?.abort(),
    closeAll: () => {
      for (const stream of open.splice(0)) stream.abort();
      responses.splice(0);
    },
  };
}
