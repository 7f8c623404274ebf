import type { FastifyInstance } from "fastify";
import { type BrandingConfig, brandingConfigSchema } from "../../common/config.ts";
import { brandingThemeSchema } from "../../common/theme.ts";
import { errorResponses } from "../http/errors.ts";

/** Options of the config route. */
export interface ConfigRoutesOptions {
  readonly branding: BrandingConfig;
}

/** Fields a branding may go without even after the defaults are filled in. */
const OPTIONAL_FIELDS: readonly string[] = ["hashtags"];

const brandingResponseSchema = {
  type: "object",
  required: Object.keys(brandingConfigSchema.properties).filter((field) => !OPTIONAL_FIELDS.includes(field)),
  // videoTitle too: the page run by `vite dev` makes its videos from this answer.
  properties: {
    ...brandingConfigSchema.properties,
    theme: brandingThemeSchema,
    videoTitle: { type: "boolean" },
  },
} as const;

/** GET /api/config: the branding as JSON, for `vite dev`, where no server injects it into the HTML. */
export async function configRoutes(app: FastifyInstance, options: ConfigRoutesOptions): Promise<void> {
  app.get(
    "/api/config",
    { schema: { response: { 200: brandingResponseSchema, ...errorResponses } } },
    (_request, reply) => reply.header("Cache-Control", "no-cache").send(options.branding),
  );
}
