/** One Server-Sent Events message as a browser's EventSource would see it, plus comment lines. */
export interface SseMessage {
  readonly event: string | undefined;
  readonly data: string;
  readonly id: string | undefined;
  readonly retry: string | undefined;
  readonly comments: readonly string[];
}

/** A fetch of an event stream read as it arrives. */
export interface SseClient {
  readonly response: Response;
  /** Every message received so far, in order. */
  messages(): readonly SseMessage[];
  /** Resolves with the first message (already received or still to come) that matches; rejects at the deadline. */
  waitFor(matches: (message: SseMessage) => boolean, what: string): Promise<SseMessage>;
  /** Resolves once the server ended the stream; rejects at the deadline. */
  ended(): Promise<void>;
  close(): void;
}

/** No wait in these tests may hang; a missing event fails here with what was received. */
const DEADLINE_MS = 10_000;

/** Opens GET <url> (with these request headers too) and parses the body as an event stream in the background. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    signal: controller.signal,
    headers: { accept: "text/event-stream", ...headers },
  });
  const messages: SseMessage[] = [];
  const wakers = new Set<() => void>();
  let done = false;
  const wake = () => {
    for (const waker of [...wakers]) waker();
  };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      const body = response.body ?? new ReadableStream<Uint8Array>();
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          messages.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        wake();
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    }
    done = true;
    wake();
  })();

  const waitUntil = <T>(check: () => T | undefined, what: string) =>
    new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (value !== undefined) finish(() => resolve(value));
        else if (done) finish(() => reject(new Error(`the stream ended before ${what}; got ${describe()}`)));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`timed out waiting for ${what}; got ${describe()}`))),
        DEADLINE_MS,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        wakers.delete(attempt);
        settle();
      };
      wakers.add(attempt);
      attempt();
    });
  const describe = () => JSON.stringify(messages);

  return {
    response,
    messages: () => messages,
    waitFor: (matches, what) => waitUntil(() => messages.find(matches), what),
    ended: () => waitUntil(() => (done ? true : undefined), "the end of the stream").then(() => {}),
    close: () => controller.abort(),
  };
}

function parseBlock(block: string): SseMessage {
  let event: string | undefined;
  let id: string | undefined;
  let retry: string | undefined;
  const data: string[] = [];
  const comments: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) comments.push(line.slice(1).trim());
    const [field, ...rest] = line.split(":");
    const value = rest.join(":").replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
    else if (field === "retry") retry = value;
  }
  return { event, data: data.join("\n"), id, retry, comments };
}

/** A `event: drawing` message announcing the drawing with this id. */
export function isDrawingEvent(id: string): (message: SseMessage) => boolean {
  return (message) => message.event === "drawing" && (JSON.parse(message.data) as { id: string }).id === id;
}

/** A `event: reactions` message carrying this drawing's counts at this version (or a newer one). */
export function isReactionsEvent(id: string, version: number): (message: SseMessage) => boolean {
  return (message) => {
    if (message.event !== "reactions") return false;
    const { changes } = JSON.parse(message.data) as { changes: { id: string; version: number }[] };
    return changes.some((change) => change.id === id && change.version >= version);
  };
}
