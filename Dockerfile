# A small CI image with collab: the single executable (Node 24 inside, no Node installed) on
# Debian 13 slim, which keeps a shell for CI scripts and the C++ runtime the executable links
# against. It runs as the user collab, not root.
#   docker build -t collab .
#   docker run --rm -e COLLAB_HOST -e COLLAB_TOKEN collab collab issue list -p group/project
# Every version is pinned: the build stage's Node is the one scripts/node-from-npm.mjs pins for the
# executable (test/e2e/package.test.ts checks both, and runs this file's smoke test on the executable).
FROM node:24.21.0-trixie-slim AS build
WORKDIR /src
# binutils: strip, which takes the debug symbols out of the executable.
RUN apt-get update \
 && apt-get install -y --no-install-recommends binutils=2.44-3 \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Node 24 for the executable comes from the npm registry's node-linux-<arch> package.
RUN npm run package

FROM debian:13.8-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates=20250419+deb13u1 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 10001 --user-group --create-home --shell /bin/sh collab
COPY --from=build /src/dist/collab-linux-* /usr/local/bin/collab
COPY --from=build /src/LICENSE /usr/share/doc/collab/LICENSE
COPY --from=build /src/node_modules/.cache/collab-node/node-linux-*/LICENSE /usr/share/doc/collab/NODE-LICENSE
COPY scripts/image-smoke.sh /usr/local/share/collab/smoke.sh
USER collab
WORKDIR /home/collab
RUN sh /usr/local/share/collab/smoke.sh
CMD ["collab", "--help"]
