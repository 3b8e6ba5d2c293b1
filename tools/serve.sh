#!/bin/sh
# What `npm start` runs after tools/prepare-start.ts: the compiled server, started quickly and with its
# memory bounded (docs/architecture.md, "The build"; measured in bench/README.md, bench:start).
#  - V8's young generation 32 MB (left alone it grows to 128 MB on a 4 GB heap limit);
#  - two glibc malloc arenas, freed memory above 1 MB given back (opening PGlite peaks near 1 GB);
#  - on the embedded database (no DATABASE_URL: one process on one computer) the old generation grows
#    by a fifth before its next full collection instead of V8's up to fourfold: about 50 MB less
#    resident under load for up to a tenth fewer requests a second. A PostgreSQL deployment keeps
#    V8's growth, its throughput being the point;
#  - stack traces mapped through the bundle's own source map only (tools/server-source-maps.mjs);
#  - Node's compile cache keeps the modules' compiled code between starts.
export MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=1048576
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-node_modules/.cache/node-compile}"
if [ -z "$DATABASE_URL" ]; then set -- --heap-growing-percent=20 "$@"; fi
exec node --max-semi-space-size=16 "$@" --import ./tools/server-source-maps.mjs dist/server/main.js
