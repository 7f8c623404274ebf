import Fastify from "fastify";
import { MAX_UPLOAD_BYTES } from "../../src/common/constants.ts";
import { validateDrawingPng } from "../../src/server/png/validate.ts";

// The least a save route can be: Fastify reading the PNG body exactly as the save route does, the server's own
// validation, a 201 with a save's answer. No schema, hooks, hashing, store or metrics. The save bench sends it
// the same load as the real server: what this reaches is what HTTP on this machine (the bench's client sharing
// its cores) leaves of the validation floor, so the real server's distance to it is its own overhead.
// Started as a child process by bench/server/bare-validation.ts; prints the listening line main.ts prints.

const app = Fastify();
app.addContentTypeParser(
  "image/png",
  { parseAs: "buffer", bodyLimit: MAX_UPLOAD_BYTES },
  (_request, body, done) => done(null, body),
);
app.post("/api/drawings", async (request, reply) => {
  await validateDrawingPng(request.body as Buffer);
  return reply.code(201).send({
    id: "bare",
    url: "/api/drawings/bare.png",
    createdAt: new Date().toISOString(),
    status: "visible",
  });
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`Fanvas listening on ${address}\n`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
