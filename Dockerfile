# A small CI image with collab: the single executable (no Node inside) on Debian slim, which
# keeps a shell for CI scripts and the C++ runtime the executable links against.
#   docker build -t collab .
#   docker run --rm collab collab --version
FROM node:20-bookworm-slim AS build
WORKDIR /src
# binutils: strip, which takes the debug symbols out of the executable.
RUN apt-get update && apt-get install -y --no-install-recommends binutils && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --no-audit --no-fund && node scripts/package.mjs

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/dist/collab-linux-* /usr/local/bin/collab
RUN collab --version
CMD ["collab", "--help"]
