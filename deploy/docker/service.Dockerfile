# syntax=docker/dockerfile:1
# One image recipe for every PODZ service. Build from the repository root:
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=catalog -t podz/catalog .
# SERVICE is one of identity | catalog | requests | messaging | content | analytics | billing | notifications | search | media | ads.
# The container needs PORT (and the rest of the service's environment; see docker-compose.yml).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ARG SERVICE
RUN case "$SERVICE" in identity|catalog|requests|messaging|content|analytics|billing|notifications|search|media|ads) ;; \
      *) echo "build with --build-arg SERVICE=identity|catalog|requests|messaging|content|analytics|billing|notifications|search|media|ads (got '$SERVICE')" >&2; exit 1 ;; \
    esac
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
# Builds the service and the project references it needs (proto, kit, read-models).
RUN npx tsc -b "services/${SERVICE}"
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# ENV carries the build argument into the running container, where CMD reads it.
# Two malloc arenas: glibc's default (8 per core) keeps freed memory that RSS limits count.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    SERVICE=${SERVICE}
WORKDIR /app

# Root-owned and read-only for the process: it never writes into its own code.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/proto/package.json proto/
COPY --from=build /app/proto/dist proto/dist
COPY --from=build /app/services/kit/package.json services/kit/
COPY --from=build /app/services/kit/dist services/kit/dist
# The OPAWG user-agent lists kit reads at start (analytics names apps by them, media targets by them).
COPY --from=build /app/services/kit/vendor services/kit/vendor
COPY --from=build /app/services/read-models/package.json services/read-models/
COPY --from=build /app/services/read-models/dist services/read-models/dist
COPY --from=build /app/services/${SERVICE}/package.json services/${SERVICE}/
COPY --from=build /app/services/${SERVICE}/dist services/${SERVICE}/dist

# Media's audio pipeline runs Debian's ffmpeg (with libmp3lame), from the image's own Debian.
RUN if [ "$SERVICE" = media ]; then \
      apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*; \
    fi

# The writable places, usually volumes: uploaded media when MEDIA_STORE=local (media, and catalog's transcripts), and the
# search index's snapshot (search).
RUN mkdir -p /data/media /data/search && chown node:node /data/media /data/search
USER node
# No EXPOSE: the port is whatever PORT says (identity 4001 … search 4009 in docker-compose.yml).

HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"

# A shell expands ${SERVICE} at run time; exec makes node PID 1, so SIGTERM reaches its clean shutdown.
# Array buffers swept on the main thread, as the gateway's image says why.
CMD ["/bin/sh", "-c", "exec node --no-concurrent-array-buffer-sweeping \"services/${SERVICE}/dist/main.js\""]
