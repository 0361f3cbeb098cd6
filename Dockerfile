# ferry in a container: the compiled CLI (dist/, bundled by esbuild from the TypeScript sources)
# on production node_modules, holding exactly what `npm pack` ships (package.json "files"): no
# tsx, no TypeScript sources, no other dev tool. Build: docker build -t ferry .
# Run: see "Running in Docker" in README.md.

# --- compile: TypeScript to dist/ with esbuild, and nothing else installed ---
# The bundle leaves node_modules external, so compiling needs no dependency at all: this stage
# installs esbuild alone, at the lockfile's version, in a folder without package.json. (npm cannot
# add one devDependency to an --omit=dev tree: it leaves it out, or with the project's package.json
# it installs every devDependency, tsx included.)
FROM node:20-slim AS compile
WORKDIR /app
COPY package-lock.json /tmp/package-lock.json
RUN npm install --no-save --no-audit --no-fund \
    "esbuild@$(node -p "require('/tmp/package-lock.json').packages['node_modules/esbuild'].version")"
COPY tsconfig.json ./
COPY scripts scripts
COPY strategies strategies
COPY src src
RUN node scripts/build.mjs

# --- build: production dependencies (native: better-sqlite3), the contract artifacts, the package ---
FROM node:20-slim AS build
# Only used when a native module has no prebuilt binary for this platform (node-gyp fallback).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts here because `prepare` needs the sources and dist/, which come after this layer
# so that a source change does not reinstall node_modules.
RUN npm ci --omit=dev --ignore-scripts
COPY . .
COPY --from=compile /app/dist dist
# The dependencies' own install scripts (better-sqlite3, anvil, ...); the devnet contracts,
# compiled by dist/ with solc (a dependency); then the files package.json ships, unpacked into
# /package for the runtime stage.
RUN npm rebuild \
  && node dist/scripts/buildContracts.js \
  && npm pack --ignore-scripts --pack-destination /tmp \
  && mkdir /package \
  && tar -xzf /tmp/ferry-*.tgz -C /package --strip-components=1 \
  && npm cache clean --force

# --- runtime: the package and its production node_modules ---
FROM node:20-slim
ENV NODE_ENV=production \
  FERRY_JOURNAL=/data/ferry.journal.sqlite
WORKDIR /app
# Code and dependencies stay root-owned (read-only to ferry); only /data is writable by it.
COPY --from=build /app/node_modules /app/node_modules
COPY --from=build /package /app
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
# bin/ferry.js runs the compiled dist/src/cli/main.js.
ENTRYPOINT ["node", "bin/ferry.js"]
CMD ["run", "/config/ferry.yaml"]
