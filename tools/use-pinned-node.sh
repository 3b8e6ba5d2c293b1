# Source this to put the project's pinned Node.js (package.json "engines") first on PATH before
# `npm ci`, so npm checks engines against the runtime the project runs on, not an older system Node.
# After `npm ci`, npm scripts find the same Node in node_modules/.bin by themselves.
pinned_node="$(sed -n 's/.*"node": "\([0-9.]*\)".*/\1/p' package.json | head -1)"
boot_dir="${XDG_CACHE_HOME:-$HOME/.cache}/casino-platform/node-$pinned_node"
if [ ! -x "$boot_dir/node_modules/.bin/node" ]; then
  npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    --prefix "$boot_dir" "node@$pinned_node" >/dev/null
fi
export PATH="$boot_dir/node_modules/.bin:$PATH"
echo "Using Node $(node --version) for npm"
