# syntax=docker/dockerfile:1
# One image for the web process, the publishing worker and the migrations — the command picks:
#   docker run IMAGE            → web (port 3000: interface, /trpc, OAuth; /healthz, /readyz)
#   docker run IMAGE worker     → publishing worker (internal port 9464: /healthz, /readyz, /metrics)
#   docker run IMAGE migrate    → applies pending migrations and exits (once per release)
#   docker run IMAGE create-admin email@exemplo.com | rotate-keys
# No secret is baked in: DATABASE_URL, REDIS_URL, APP_URL, TOKEN_ENCRYPTION_KEYS… come from the
# environment at run time (README, "Configuração"). The same steps run without a container engine
# in CI: scripts/ci/prod-smoke.ts (npm run test:prod).

# Node 24 LTS, the same release as .nvmrc and scripts/node-lts.sh (development, tests and CI), pinned
# by digest: a tag moves when it is rebuilt, a digest never does. One slim image for every stage
# (every native module comes prebuilt: @node-rs/argon2, msgpackr-extract, esbuild). How the digest
# was obtained and how to update it: docs/deployment.md, "Images pinned by digest".
ARG NODE_IMAGE=node:24.21.0-bookworm-slim@sha256:d6aa754f16b3197301076f047b5def2f02ea1dbbc2ca920407d46d7ec7f87b20

# 1. build: every dependency, then the client (Vite) and the server bundles (esbuild) into dist/.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY db/package.json db/
COPY networks/package.json networks/
COPY server/package.json server/
COPY worker/package.json worker/
COPY client/package.json client/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. prod-deps: the production dependencies of web and worker only (no tsx, Vite, vitest, React).
# Then two groups of packages nothing in the image loads go (`du -sb node_modules`: 157 → 101 MB):
# TypeScript with its native compiler (~31 MB), installed by npm only as a peer of @trpc/server (for
# its types), and PGlite with its Kysely dialect (~26 MB), the embedded database of `npm start`,
# imported dynamically only when DATABASE_URL is unset — which NODE_ENV=production refuses at start.
# (`--omit=peer` is not the tool: it keeps TypeScript and drops @bull-board/ui, which the web serves.)
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY db/package.json db/
COPY networks/package.json networks/
COPY server/package.json server/
COPY worker/package.json worker/
COPY client/package.json client/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund -w @pauta/server -w @pauta/worker \
    && rm -rf node_modules/typescript node_modules/@typescript \
        node_modules/@electric-sql/pglite node_modules/kysely-pglite-dialect

# 3. runtime: slim Debian, tini as PID 1 (forwards SIGTERM so web and worker drain), non-root user,
# application files owned by root and read-only for it.
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
    && apt-get install -y --no-install-recommends tini \
    && rm -rf /var/lib/apt/lists/*
# The release's tag, shown beside each worker in Administração: docker build --build-arg PAUTA_VERSION=v1.2.3
ARG PAUTA_VERSION=dev
ENV NODE_ENV=production \
    PAUTA_VERSION=${PAUTA_VERSION} \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKER_HEALTH_HOST=0.0.0.0 \
    WORKER_HEALTH_PORT=9464 \
    PAUTA_DATA_DIR=/tmp/pauta
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /src/dist ./dist
COPY --from=build /src/client/dist ./client/dist
COPY --from=build /src/scripts/run.mjs /src/scripts/entry-points.json /src/scripts/healthcheck.mjs ./scripts/
USER node
EXPOSE 3000 9464
# Liveness of whichever process this container runs: the web on PORT or the worker on
# WORKER_HEALTH_PORT (readiness, /readyz, is for the orchestrator's own probes).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "scripts/healthcheck.mjs", "/healthz"]
ENTRYPOINT ["/usr/bin/tini", "--", "node", "scripts/run.mjs"]
CMD ["web"]
