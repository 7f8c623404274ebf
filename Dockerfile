# Fanvas's container image: the server, the built page and production dependencies on Node 24 (Debian bookworm,
# glibc, so sharp's prebuilt libvips loads). Build: `docker build -t fanvas .` (or `podman build --format docker`,
# which keeps the HEALTHCHECK). Run, configure, back up and upgrade: README.md's "In a container".
#
# Every stage starts from the same official base, so a build needs that one image and the npm registry.

# The page and its server-render bundle (dist/ and dist/.ssr/), built with the dev dependencies.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY index.html vite.config.ts tsconfig.json ./
COPY scripts/vite-*.ts ./scripts/
COPY public ./public
COPY src ./src
RUN npm run build

# Production dependencies only, installed on their own so a change of source reuses this layer.
FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The data directory, made here because the final stage runs no command (it only copies).
RUN mkdir -p /data

# V8's compiled code for the server's modules (the TypeScript already stripped), made by importing them once at
# the paths they have in the final image and as its user (Node keeps a cache per uid): a container's first start
# skips that work.
FROM dependencies AS compile-cache
COPY src/common ./src/common
COPY src/server ./src/server
RUN mkdir .compile-cache && chown node:node .compile-cache
USER node
RUN NODE_COMPILE_CACHE=/app/.compile-cache node --input-type=module -e 'await import("/app/src/server/start.ts")' \
 && chmod -R a+rX .compile-cache

FROM node:24-bookworm-slim
LABEL org.opencontainers.image.title="Fanvas" \
      org.opencontainers.image.description="A drawing page for a community's mascot, with its own server and store." \
      org.opencontainers.image.source="https://github.com/fanvas/fanvas" \
      org.opencontainers.image.licenses="NOASSERTION"
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    NODE_COMPILE_CACHE=/app/.compile-cache
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json fanvas.config.json ./
COPY LICENSES ./LICENSES
COPY src/common ./src/common
COPY src/server ./src/server
COPY --from=compile-cache --chown=root:root /app/.compile-cache ./.compile-cache
# The SQLite store (DATA_DIR) is the only place the server writes; a volume keeps it across containers.
COPY --from=dependencies --chown=node:node /data /data
VOLUME /data
USER node
EXPOSE 8080
# Node is PID 1 and handles SIGTERM itself (src/server/main.ts): it finishes saves in flight, closes the store and
# exits 0. It starts no child processes, so no init is needed to reap them (docs/decisions/0022-container-image.md).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "src/server/main.ts"]
