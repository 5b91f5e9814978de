# TutorHub's image: the app and the reference API on Node 24 (docs/deploy.md, "Containers").
# The build stage makes the release with the one script the tests also run (npm run release,
# multiprocess/release.test.ts); the image holds that folder with its production dependencies
# only, and runs as the unprivileged `node` user.
#
#   docker build --build-arg SENTRY_RELEASE=$(git rev-parse HEAD) -t tutorhub .
#
# One image, three commands: the launcher (default: the app and an API with its embedded
# database, for one container), `node server.mjs build/server/index.js` (an app) and
# `node api/src/main.ts` (an API; `--migrate` to migrate and exit). compose.yaml runs them.

FROM node:24-slim AS build
WORKDIR /src
# The dependencies first, so a change to the sources reuses this layer.
COPY package.json package-lock.json ./
COPY runtime/package.json runtime/package-lock.json runtime/
COPY scripts/runtime.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
# Sentry's release (the build's id otherwise: the context has no .git).
ARG SENTRY_RELEASE
RUN SENTRY_RELEASE="$SENTRY_RELEASE" npm run release -- /release

FROM node:24-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000 \
    API_PORT=4000
WORKDIR /app
COPY --from=build /release/ ./
# Node 24 satisfies engines: the postinstall installs no runtime of its own.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
    && mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000 4000
# The app's liveness by default; an API container checks its readiness instead (compose.yaml).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node", "scripts/start.mjs"]
