import type { Agent } from "node:http";
import { connect, type Socket } from "node:net";
import { type Answer, keepAliveAgent, send } from "./server/http-load.ts";

// One round of the soak bench's hostile load: everything a crowd of visitors may do within every per-visitor
// limit, at once, from many addresses (named in X-Forwarded-For, as a proxy in front names them). Each actor is
// a loop that runs until the round's deadline; what it got back is counted by status, never hidden.

/** What a round needs: the server, the drawings to save, which round this is (its visitors are new). */
export interface SoakRound {
  readonly baseUrl: string;
  readonly port: number;
  readonly round: number;
  readonly seconds: number;
  readonly drawings: readonly Buffer[];
}

/** Answers by actor and status ("saves 201" -> 240). */
export interface RoundResult {
  readonly statuses: ReadonlyMap<string, number>;
}

const SAVERS = 16;
const SAVE_EVERY_MS = 2000; // 30 a minute: SAVE_RATE_LIMIT's default, per visitor
const INSERTERS = 4;
const INSERT_EVERY_MS = 20_000; // 10 rows each: 30 rows a minute
const STALLED_CHUNKED = 12; // each holds a first slice
const STALLED_DECLARED = 6; // each holds a whole 8 MiB insert: 48 of the 64 MiB
const IDLE_STREAMS = 300;
const READERS = 8;

/**
 * Saves `count` drawings before the first round (the wall a live community has), from visitors of their own,
 * eight at a time; resolves with the stored drawings' ids.
 */
export async function seedWall(
  baseUrl: string,
  drawings: readonly Buffer[],
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  await eightAtATime(count, async (agent, index) => {
    const visitor = `10.250.${Math.floor(index / 25) % 256}.${(index % 25) + 1 + 25 * Math.floor(index / 6400)}`;
    const answer = await send(agent, `${baseUrl}/api/drawings`, {
      method: "POST",
      headers: { "content-type": "image/png", "x-forwarded-for": visitor },
      body: drawings[index % drawings.length],
    });
    if (answer.status === 201) ids.push((JSON.parse(answer.body.toString()) as { id: string }).id);
  });
  return ids;
}

/**
 * Asks for each drawing's PNG once, as the wall's visitors have by the time a server has run a while: the image
 * cache is then as full as it gets before the first round. Resolves with how many were served.
 */
export async function warmImages(baseUrl: string, ids: readonly string[]): Promise<number> {
  let served = 0;
  await eightAtATime(ids.length, async (agent, index) => {
    const answer = await send(agent, `${baseUrl}/api/drawings/${ids[index]}.png`);
    if (answer.status === 200) served += 1;
  });
  return served;
}

/** Runs `work` for 0 .. count - 1, eight at a time on keep-alive connections. */
async function eightAtATime(
  count: number,
  work: (agent: Agent, index: number) => Promise<void>,
): Promise<void> {
  const agent = keepAliveAgent(8);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) await work(agent, index);
  };
  await Promise.all(range(8, worker));
  agent.destroy();
}

/** Runs every actor until the round's deadline, then ends every connection it opened. */
export async function runSoakRound(round: SoakRound): Promise<RoundResult> {
  const deadline = Date.now() + round.seconds * 1000;
  const live = () => Date.now() < deadline;
  const statuses = new Map<string, number>();
  const count = (actor: string, status: number | string) => {
    const key = `${actor} ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  };
  const sockets = new Set<Socket>();
  const agent = keepAliveAgent(64);
  const r = round.round;
  const actors: Promise<void>[] = [
    ...range(SAVERS, (i) => saver(round, agent, `10.${r}.${i}.1`, live, count)),
    ...range(INSERTERS, (i) => inserter(round, agent, `10.200.${r * 10 + i}.1`, live, count)),
    ...range(STALLED_CHUNKED, (i) =>
      rawLoop(round.port, stalledUpload(`172.16.${r * 16 + i}.1`, true), sockets, live, count),
    ),
    ...range(STALLED_DECLARED, (i) =>
      rawLoop(round.port, stalledUpload(`172.17.${r * 16 + i}.1`, false), sockets, live, count),
    ),
    ...range(2, (i) => rawLoop(round.port, bodyForNobody(`192.168.${r}.${i + 1}`), sockets, live, count)),
    ...range(IDLE_STREAMS, (i) => rawLoop(round.port, idleStream(streamVisitor(r, i)), sockets, live, count)),
    ...range(READERS, (i) => reader(round, agent, `100.64.${r}.${i + 1}`, live, count)),
    guesser(round, agent, `100.66.${r}.1`, live, count),
  ];
  await new Promise((resolve) => setTimeout(resolve, round.seconds * 1000));
  for (const socket of sockets) socket.destroy();
  await Promise.all(actors);
  agent.destroy();
  return { statuses };
}

type Count = (actor: string, status: number | string) => void;

function range<T>(length: number, make: (index: number) => T): T[] {
  return Array.from({ length }, (_, index) => make(index));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A visitor of one of the /56 networks the idle streams come from: 16 /64s of 6 streams each per /56. */
function streamVisitor(round: number, stream: number): string {
  const network = Math.floor(stream / 96);
  const subnet = Math.floor((stream % 96) / 6);
  const hex = (value: number) => value.toString(16).padStart(2, "0");
  return `2001:db8:${round}:${hex(network)}${hex(subnet)}::${(stream % 6) + 1}`;
}

/** GETs or POSTs, counting the answer (or the failure) under `actor`. */
async function ask(
  agent: Agent,
  url: string,
  actor: string,
  count: Count,
  outgoing = {},
): Promise<Answer | undefined> {
  try {
    const answer = await send(agent, url, outgoing);
    count(actor, answer.status);
    return answer;
  } catch {
    count(actor, "failed");
    return undefined;
  }
}

/** Saves a drawing every 2 s: the most one visitor may. */
async function saver(round: SoakRound, agent: Agent, visitor: string, live: () => boolean, count: Count) {
  for (let save = 0; live(); save += 1) {
    const png = round.drawings[(round.round * 997 + save * 31 + visitor.length) % round.drawings.length];
    await ask(agent, `${round.baseUrl}/api/drawings`, "saves", count, {
      method: "POST",
      headers: { "content-type": "image/png", "x-forwarded-for": visitor },
      body: png,
    });
    await sleep(SAVE_EVERY_MS);
  }
}

/** Ten-row PostgREST inserts asking for every column back, and selects that repeat a column (refused). */
async function inserter(round: SoakRound, agent: Agent, visitor: string, live: () => boolean, count: Count) {
  const rows = round.drawings
    .slice(0, 10)
    .map((png) => ({ image_data: `data:image/png;base64,${png.toString("base64")}` }));
  const body = Buffer.from(JSON.stringify(rows));
  const aliases = Array.from({ length: 1000 }, (_, n) => `a${n}:image_data`).join(",");
  const headers = {
    "content-type": "application/json",
    prefer: "return=representation",
    "x-forwarded-for": visitor,
  };
  while (live()) {
    await ask(agent, `${round.baseUrl}/rest/v1/drawings?select=${aliases}`, "aliased inserts", count, {
      method: "POST",
      headers,
      body,
    });
    await ask(agent, `${round.baseUrl}/rest/v1/drawings?select=*`, "inserts", count, {
      method: "POST",
      headers,
      body,
    });
    await sleep(INSERT_EVERY_MS);
  }
}

/** Reads the wall, each listed drawing's PNG and thumbnail (made on demand), and reacts within its limit. */
async function reader(round: SoakRound, agent: Agent, visitor: string, live: () => boolean, count: Count) {
  const headers = { "x-forwarded-for": visitor };
  // Each reader walks the whole wall, page after page (every image in the store is asked for, so the image cache
  // is full within the first round), its own way round: readers start at different pages.
  let before: string | null = null;
  for (let page = 0; live(); page += 1) {
    const query: string = before === null ? "limit=60" : `limit=60&before=${before}`;
    const wall = await ask(agent, `${round.baseUrl}/api/drawings?${query}`, "wall", count, { headers });
    const listed: { items: { id: string }[]; nextCursor: string | null } =
      wall?.status === 200 ? JSON.parse(wall.body.toString()) : { items: [], nextCursor: null };
    before = listed.nextCursor;
    for (const [index, item] of listed.items.entries()) {
      if (!live()) break;
      await ask(agent, `${round.baseUrl}/api/drawings/${item.id}.png`, "images", count, { headers });
      if (index % 4 === 0) {
        await ask(agent, `${round.baseUrl}/api/drawings/${item.id}.webp`, "thumbnails", count, { headers });
      }
      if (index % 8 === page % 8) {
        await ask(agent, `${round.baseUrl}/api/drawings/${item.id}/reactions`, "reactions", count, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: Buffer.from('{"kind":"heart"}'),
        });
      }
    }
  }
}

/** Wrong admin tokens, as fast as answers come: ten count, the rest are refused. */
async function guesser(round: SoakRound, agent: Agent, visitor: string, live: () => boolean, count: Count) {
  while (live()) {
    await ask(agent, `${round.baseUrl}/api/admin/drawings`, "sign-in guesses", count, {
      headers: { authorization: "Bearer wrong-wrong-wrong-wrong", "x-forwarded-for": visitor },
    });
    await sleep(100);
  }
}

/** What a raw connection sends first; the rest of it is never sent. */
interface RawOpening {
  readonly actor: string;
  readonly head: string;
  readonly start: string;
  /** True: never read what the server sends (an event stream's client that stopped reading). */
  readonly neverRead: boolean;
}

/** An insert that sends its head and a first byte, then nothing: chunked, or declaring the whole 8 MiB. */
function stalledUpload(visitor: string, chunked: boolean): RawOpening {
  const length = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${8 * 2 ** 20}`;
  const head = `POST /rest/v1/drawings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length}\r\nX-Forwarded-For: ${visitor}`;
  const actor = chunked ? "stalled chunked uploads" : "stalled 8 MiB uploads";
  return { actor, head, start: chunked ? "1\r\n[\r\n" : "[", neverRead: false };
}

function bodyForNobody(visitor: string): RawOpening {
  const head = `POST /rest/v1/secrets HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${8 * 2 ** 20}\r\nX-Forwarded-For: ${visitor}`;
  return { actor: "bodies to no table", head, start: "[".repeat(1024), neverRead: false };
}

function idleStream(visitor: string): RawOpening {
  const head = `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nX-Forwarded-For: ${visitor}`;
  return { actor: "idle streams", head, start: "", neverRead: true };
}

/** Opens the connection again each time the server ends it (an answer, a cut, a dropped stream). */
async function rawLoop(
  port: number,
  opening: RawOpening,
  sockets: Set<Socket>,
  live: () => boolean,
  count: Count,
) {
  while (live()) {
    const status = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      sockets.add(socket);
      let first = "";
      socket.on("error", () => {});
      socket.on("connect", () => {
        socket.write(`${opening.head}\r\n\r\n${opening.start}`);
        if (opening.neverRead) socket.pause();
      });
      socket.once("data", (chunk: Buffer) => {
        first = chunk.toString("latin1").split(" ")[1] ?? "";
      });
      socket.on("close", () => {
        sockets.delete(socket);
        resolve(first === "" ? "closed" : first);
      });
    });
    count(opening.actor, status);
    if (live()) await sleep(100);
  }
}
