# syntax=docker/dockerfile:1
# Valoriza in a container (issue 21, ADR 019): built in stages, run as a non-root user, on
# PostgreSQL (DATABASE_URL). compose.yaml runs two of these behind Caddy.

# --- 1. every dependency, from the lock file only ---------------------------------------------
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund

# --- 2. the web app and the server bundle -----------------------------------------------------
FROM deps AS build
COPY . .
# No PGlite template: the image runs on PostgreSQL.
RUN npm run build -w @valoriza/web \
 && SKIP_PGLITE_TEMPLATE=1 node apps/server/scripts/build.mjs

# --- 3. only the server's production dependencies ---------------------------------------------
FROM node:22-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund -w @valoriza/server --include-workspace-root=false \
 && npm cache clean --force

# --- 4. what runs -------------------------------------------------------------------------------
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    SEED_DEMO=0
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
# The entry, the bundle, its map and the code cache the build made of it (ADR 019).
COPY --from=build /app/apps/server/dist/server.mjs /app/apps/server/dist/server.cjs /app/apps/server/dist/server.cjs.map \
     /app/apps/server/dist/server.cjs.cache ./apps/server/dist/
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
# Uploaded images live in /data (a volume shared by every replica).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# Ready = the database answers (GET /api/health/ready); Node 22 has fetch, no curl needed.
HEALTHCHECK --interval=10s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM from `docker stop` closes the server and the database pool cleanly (server.ts).
CMD ["node", "apps/server/dist/server.mjs"]
