import type { FastifyPluginAsync, FastifyPluginOptions } from "fastify";

/**
 * Marks a plugin as app-wide: its hooks apply to every route, not only to routes it registers itself.
 * This is what fastify-plugin does; the symbol is Fastify's documented switch, so no extra dependency.
 */
export function appWide<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.defineProperty(plugin, Symbol.for("skip-override"), { value: true });
  return plugin;
}
