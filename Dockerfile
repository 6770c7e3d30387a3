# syntax=docker/dockerfile:1
# The production image: the compiled server (server/dist, no TypeScript loader) and the built SPA (web/dist)
# on Node 20 with the server's production dependencies only, run as the unprivileged `node` user.
#   docker build -t processing .
#   docker run -p 3000:3000 -v processing-data:/data -e DATABASE_URL=postgres://… -e PUBLIC_URL=https://… processing
# PUBLIC_URL has no default in the image: in production the server refuses to start without it.

# ── build: every dependency (TypeScript, Vite, esbuild), then `npm run build` (web app, server typecheck and bundle)
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the install layer is reused while only sources change. Every workspace's package.json
# must be present for npm ci to accept the lock file; the e2e workspace (Playwright, Lighthouse) is not installed.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --workspace shared --workspace server --workspace web --include-workspace-root --no-audit --no-fund
COPY . .
RUN npm run build

# ── runtime: production dependencies of the server only (native sharp and argon2 binaries, PGlite's files)
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    DATA_DIR=/data \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace server --no-audit --no-fund && npm cache clean --force
COPY server/migrations server/migrations
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
# DATA_DIR holds the embedded database (without DATABASE_URL), the mail outbox (without SMTP_URL), dispute
# evidence files and a generated Tron seed (without TRON_XPUB): with several instances, share one volume.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}${process.env.API_PREFIX || '/backend'}/health`).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
