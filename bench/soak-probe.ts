/**
 * `node bench/soak-probe.ts <baseUrl> <seconds>`: asks GET /healthz every 50 ms for that long, on one keep-alive
 * connection, and prints each answer's time in milliseconds as a JSON array. The soak bench runs it as a process of
 * its own, so the load generator's own work never shows in what it measures.
 */
import { keepAliveAgent, send } from "./server/http-load.ts";

const [baseUrl = "", seconds = "0"] = process.argv.slice(2);
const agent = keepAliveAgent(1);
const deadline = Date.now() + Number(seconds) * 1000;
const times: number[] = [];
while (Date.now() < deadline) {
  const started = performance.now();
  const answer = await send(agent, `${baseUrl}/healthz`).catch(() => undefined);
  if (answer?.status === 200) times.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
agent.destroy();
process.stdout.write(JSON.stringify(times));
