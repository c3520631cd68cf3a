# syntax=docker/dockerfile:1
# The gateway image: the API gateway plus the built web app it serves. Build from the repository root:
#   docker build -f deploy/docker/gateway.Dockerfile -t podz/gateway .

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app

# Manifests first: the dependency layer is rebuilt only when one of them changes.
# npm install needs every workspace's package.json because the lockfile lists them all.
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY proto/package.json proto/
COPY services/kit/package.json services/kit/
COPY services/read-models/package.json services/read-models/
COPY services/identity/package.json services/identity/
COPY services/catalog/package.json services/catalog/
COPY services/requests/package.json services/requests/
COPY services/messaging/package.json services/messaging/
COPY services/content/package.json services/content/
COPY services/analytics/package.json services/analytics/
COPY services/billing/package.json services/billing/
COPY services/notifications/package.json services/notifications/
COPY services/search/package.json services/search/
COPY services/media/package.json services/media/
COPY services/ads/package.json services/ads/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY deploy/local/package.json deploy/local/
# npm install honours package-lock.json; npm ci would refuse a lockfile that lacks other
# platforms' optional binaries (see scripts/ensure-deps.mjs).
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund

COPY proto proto
COPY services services
COPY gateway gateway
COPY deploy/local deploy/local
COPY web web
# Builds the gateway and the project references it needs (proto, kit), then the web app into web/dist.
RUN npx tsc -b gateway
RUN npm run build -w web
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# Two malloc arenas: glibc's default (8 per core) keeps freed memory that RSS limits count.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=8080 \
    WEB_DIST=/app/web/dist
WORKDIR /app

# Root-owned and read-only for the process: it never writes into its own code.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/proto/package.json proto/
COPY --from=build /app/proto/dist proto/dist
COPY --from=build /app/services/kit/package.json services/kit/
COPY --from=build /app/services/kit/dist services/kit/dist
COPY --from=build /app/gateway/package.json gateway/
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/web/dist web/dist

USER node
EXPOSE 8080

# /healthz of the gateway is the whole platform's health: 200 only when every service answers.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"

# Array buffers swept on the main thread: a pod is held to a core or less, where a helper thread
# sweeping them waits for it (scripts/lib/processes.ts, NODE_FLAGS; docs/performance.md).
CMD ["node", "--no-concurrent-array-buffer-sweeping", "gateway/dist/main.js"]
