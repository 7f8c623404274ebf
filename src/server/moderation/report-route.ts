import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { DRAWINGS_PATH } from "../../common/api.ts";
import type { ModerationSettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { findVisibleDrawing } from "../drawings/queries.ts";
import { JSON_ONLY } from "../http/cross-site.ts";
import { drawingIdParams } from "../http/drawing-file.ts";
import { errorResponses, HttpError, notFound } from "../http/errors.ts";
import { fixedWindowLimit } from "../http/fixed-window-limit.ts";
import { acceptOptionalJsonBody } from "../http/optional-json-body.ts";
import { refuseInvalid } from "../http/validation.ts";
import { hideIfReported, recordReport } from "./report-queries.ts";
import { visitorHasher } from "./visitor-hash.ts";

/** Options of the report route. */
export interface ReportRoutesOptions {
  readonly store: Store;
  readonly settings: ModerationSettings;
}

/** Room for a sentence; a report is a flag, not an essay. */
const MAX_REASON_LENGTH = 200;
const MAX_REPORT_BODY_BYTES = 2048;

const reportBodySchema = Type.Unsafe<{ reason?: string } | null | undefined>({
  type: ["object", "null"],
  additionalProperties: false,
  properties: { reason: { type: "string", maxLength: MAX_REASON_LENGTH } },
});

/** Pending, hidden and deleted drawings are not public, so they cannot be reported (nor told apart). */
const notOnTheWall = () => notFound("No drawing on the wall has this id; it may have been removed already.");
const badReport = () =>
  new HttpError(
    400,
    "bad_report",
    `A report's body is empty or JSON { "reason": "..." } with at most ${MAX_REASON_LENGTH} characters.`,
  );

const reportAnswerSchema = Type.Object({ status: Type.String() });

/**
 * POST /api/drawings/<id>/report with an optional JSON { reason }: 202 once recorded. One report per
 * client and drawing counts; at the threshold the drawing is hidden until a moderator reviews it.
 */
export async function reportRoutes(app: FastifyInstance, options: ReportRoutesOptions): Promise<void> {
  const { db } = options.store;
  const { settings } = options;
  const hashVisitor = visitorHasher(db);
  const reportLimit = fixedWindowLimit(
    { limit: settings.reportRateLimit, windowSeconds: settings.reportRateWindowSeconds },
    "reports",
  );
  acceptOptionalJsonBody(app, MAX_REPORT_BODY_BYTES);

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    `${DRAWINGS_PATH}/:id/report`,
    {
      config: {
        accepts: `send Content-Type: application/json with no body, or JSON { "reason": "..." } of at most ${MAX_REASON_LENGTH} characters`,
        refuseCrossSite: JSON_ONLY,
        bodyBytes: MAX_REPORT_BODY_BYTES,
      },
      // Counted before the body is read, per visitor (the IPv4 address or IPv6 /64).
      onRequest: async (request) => reportLimit.charge(request),
      schema: {
        params: drawingIdParams,
        body: reportBodySchema,
        response: { 202: reportAnswerSchema, ...errorResponses },
      },
      schemaErrorFormatter: refuseInvalid(({ part }) => (part === "params" ? notOnTheWall() : badReport())),
    },
    async (request, reply) => {
      const { id } = request.params;
      const given = request.body?.reason;
      const reason = given?.trim() === "" ? undefined : given;
      if ((await findVisibleDrawing(db, id)) === undefined) throw notOnTheWall();
      const reporterHash = await hashVisitor(request);
      await recordReport(db, { drawingId: id, reporterHash, reason, at: new Date() });
      if (await hideIfReported(db, id, settings.reportThreshold)) {
        request.log.info({ drawingId: id }, "drawing hidden by reports until a moderator reviews it");
        await options.store.events.publish({ type: "removed", id });
      }
      // The same answer whether or not this report hid it: reporters learn nothing about the others.
      return reply.code(202).header("Cache-Control", "no-store").send({ status: "received" });
    },
  );
}
