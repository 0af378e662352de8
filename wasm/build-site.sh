#!/usr/bin/env bash
# Build the play page as a static site that needs no server: the page's files and
# kaidoku.wasm (this crate, built for wasm32-unknown-unknown) in one folder, target/site by
# default. Serve the folder as plain files (browsers do not run WebAssembly from file://),
# e.g. `python3 -m http.server -d target/site`, and open http://localhost:8000/.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/site}"
if ! rustc --print target-libdir --target wasm32-unknown-unknown >/dev/null 2>&1 \
  || [ ! -d "$(rustc --print target-libdir --target wasm32-unknown-unknown)" ]; then
  echo "the wasm32-unknown-unknown target is not installed: rustup target add wasm32-unknown-unknown" >&2
  exit 1
fi
cargo build --release -p kaidoku-wasm --target wasm32-unknown-unknown
mkdir -p "$out"
cp server/web/index.html server/web/style.css server/web/favicon.svg server/web/*.js "$out"/
cp target/wasm32-unknown-unknown/release/kaidoku_wasm.wasm "$out/kaidoku.wasm"
echo "the site is in $out ($(du -sh "$out" | cut -f1)); serve it as plain files, e.g. python3 -m http.server -d $out"
