# syntax=docker/dockerfile:1
# Cratekeeper as a container (docs/deploy.md): production dependencies only, the client and the server
# bundle built into the image, the server run directly as the unprivileged `node` user, data in /app/data.
#   docker build -t cratekeeper .
#   docker run -p 5000:5000 -v cratekeeper-data:/app/data cratekeeper        # embedded database
#   docker run -p 5000:5000 -e DATABASE_URL=postgres://… cratekeeper         # PostgreSQL
# deploy/compose.yaml runs PostgreSQL, two instances and Caddy with TLS.

ARG NODE_IMAGE=node:20-bookworm-slim

# Production dependencies, exactly as the lockfile says. The client's build tools are among them
# (decision 017), so the build stage needs nothing more.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# The client and the server bundle (decision 034), built now: `npm start` would build them on first
# start, but a container should start in seconds and never write into its image.
FROM deps AS build
COPY . .
RUN node node_modules/vite/bin/vite.js build --logLevel warn && node scripts/build-server.mjs

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/dist/web ./dist/web
COPY --from=build /app/dist/server ./dist/server
# The sources stay beside the bundle: it finds the migrations through them (src/server/db/migrations),
# and `npm run backup` / `npm run restore` run them through tsx (docs/deploy.md, Backups).
COPY --from=build /app/src/server ./src/server
COPY --from=build /app/src/shared ./src/shared
COPY --from=build /app/scripts/backup.mjs /app/scripts/restore.mjs ./scripts/
# The code stays root's and read-only to the app; only DATA_DIR (a volume) is the app's to write.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 5000
# Liveness: the process answers and its database does (GET /api/health). A proxy in front should
# route by GET /api/ready instead, which also says "not now" while starting and shutting down.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains within 10 s; give the container more than that (compose: stop_grace_period).
STOPSIGNAL SIGTERM
# The server itself, as `npm start` runs it once both builds are fresh; node is PID 1 and gets the signal.
CMD ["node", "--max-old-space-size=512", "--max-semi-space-size=2", "dist/server/index.mjs"]
