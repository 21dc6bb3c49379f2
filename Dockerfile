# «Калькулус» — образ сервера. Сборка:
#   docker build --build-arg APP_BUILD_ID=$(git rev-parse HEAD) -t kalkulus:$(git rev-parse --short HEAD) .
# Один образ — на все экземпляры (одинаковый build id; ключ Server Actions задаётся переменной окружения).
# Содержимое образа — дерево scripts/assemble-image.mjs; тест tests/integration/ops/image.test.ts собирает
# то же дерево и запускает его так же, как CMD ниже.
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. deps: every dependency (the build needs the dev ones: TypeScript, the theme build).
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. build: `next build` (standalone output) and the application tree of the image.
FROM deps AS build
ARG APP_BUILD_ID=""
ENV APP_BUILD_ID=${APP_BUILD_ID}
COPY . .
RUN npx next build && node scripts/assemble-image.mjs /out

# 3. runtime: Node and the assembled tree only — no npm install, no dev dependencies, no sources.
FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX and the Node flag of CMD bound the server's memory (scripts/lib/server-runtime.mjs says
# why; npm start and the benches start it the same way, a test compares them).
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# The tree belongs to root and is read-only for the server; it writes only DATA_DIR and Next's cache.
COPY --from=build /out/ ./
RUN mkdir -p /data && chown node:node /data /app/.next/cache
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: server.mjs stops taking connections, ends the notification streams, lets requests in progress finish
# (SHUTDOWN_GRACE_SECONDS, 10 s) and closes the database; give it more than 10 s (`docker stop -t 20`).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "server.mjs"]
