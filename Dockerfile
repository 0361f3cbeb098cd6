# ferry in a container: the CLI runs the TypeScript sources through tsx (a runtime dependency), so
# the image is the checkout's sources plus production node_modules and the compiled devnet
# contracts. Build: docker build -t ferry .   Run: see "Running in Docker" in README.md.

# --- build: production dependencies (native: better-sqlite3) and the contract artifacts ---
FROM node:20-slim AS build
# Only used when a native module has no prebuilt binary for this platform (node-gyp fallback).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts here because `prepare` (npm run build:contracts) needs the sources, which are
# copied after this layer so that a source change does not reinstall node_modules.
RUN npm ci --omit=dev --ignore-scripts
COPY . .
# Now the dependencies' own install scripts (better-sqlite3, esbuild, anvil, ...), then the
# project's prepare step explicitly; both work without devDependencies (tsx and solc are runtime).
RUN npm rebuild && npm run build:contracts && npm cache clean --force

# --- runtime ---
FROM node:20-slim
ENV NODE_ENV=production \
  FERRY_JOURNAL=/data/ferry.journal.sqlite
WORKDIR /app
# Code and dependencies stay root-owned (read-only to ferry); only /data is writable by it.
COPY --from=build /app /app
# The image's `node` user (uid 1000) runs ferry; /data holds the journal (and the kill switch).
RUN mkdir -p /data /config && chown node:node /data
USER node
VOLUME ["/data"]
# Set FERRY_HEALTH_URL (ferry's /health, observe.metricsPort) to check the loop ticks; without it
# the check proves only that Node and the native modules load.
HEALTHCHECK --interval=60s --timeout=20s --start-period=30s --retries=3 \
  CMD ["node", "scripts/healthcheck.mjs"]
# ferry stops gracefully on SIGTERM: no new sends, in-flight bookkeeping completes.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "bin/ferry.js"]
CMD ["run", "/config/ferry.yaml"]
