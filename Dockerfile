# syntax=docker/dockerfile:1
#
# Byline's production image. See docs/deploying.md.
#
#   docker build -t byline:0.1.0 .
#   docker run -d --name byline --restart unless-stopped --stop-timeout 30 \
#     -p 127.0.0.1:3000:3000 -v byline-data:/data -e SITE_URL=https://news.example.com byline:0.1.0
#
# The image holds no configuration: everything comes from the environment at start (README, "Configuration").

ARG NODE_IMAGE=node:22-bookworm-slim

# --- 1. Build: every dependency, then the production build (build/server and build/client).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The lock file lists every platform's optional builds, so `npm ci` installs exactly it (docs/decisions/001-stack.md).
# No install scripts: npm 10 ignores package.json's allowScripts, and vnu-jar's (a test tool) would download a
# Java runtime here; the build needs none of them (esbuild finds its binary in its platform package).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# --- 2. Production dependencies only. The build tools and tsx are production dependencies
# (docs/decisions/001-stack.md), so the server and the admin commands run without the dev ones.
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund

# --- 3. Runtime: owned by root and read-only for the app user; only /data is writable.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/tsconfig.json ./
# The server: the launcher, the migrations it applies at start, the trusted news feeds.
COPY --from=build /app/bin ./bin
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/config ./config
# Sources for the command-line tools (`npm run admin`, `npm run import`), which run TypeScript with tsx.
COPY --from=build /app/app ./app
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/build ./build
# bin/byline.js builds at start when build/server/index.js is not newer than app/, server/ and the
# other sources. Make the build the newest file, so a container never builds (it could not write /app).
RUN touch build/server/index.js \
 && mkdir -p /data \
 && chown node:node /data

USER node
VOLUME ["/data"]
EXPOSE 3000
# Slim images have no curl: ask /healthz with Node's fetch (200 when the database answers, 503 otherwise).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Byline finishes in-flight requests (up to 10 s), stops its jobs and closes the database on SIGTERM:
# give it 30 s (docker run --stop-timeout 30, compose stop_grace_period: 30s).
STOPSIGNAL SIGTERM
CMD ["node", "bin/byline.js", "start"]
