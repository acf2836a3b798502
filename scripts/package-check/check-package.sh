#!/usr/bin/env bash
# Packs formcert, installs the tarball into a fresh temporary project the way a third party would, and
# uses it there: the version, certify of the bundled Python reader, and the public API from plain Node.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$repo"
tarball="$(npm pack --silent --pack-destination "$work" | tail -n 1)"
# Nothing that only tests need ships.
if tar tzf "$work/$tarball" | grep -E '\.test\.(ts|js)$|/\.ci/|^package/(bench|conformance|src|test-support)/'; then
  echo "check-package: the tarball ships test-only files (above)" >&2
  exit 1
fi

mkdir "$work/project"
cd "$work/project"
echo '{"name":"formcert-package-check","version":"1.0.0","type":"module","private":true}' > package.json
npm install --prefer-offline --no-audit --no-fund --silent "$work/$tarball"

npx formcert --version
npx formcert certify --persistent -- python3 "$repo/conformance/testees/python/formcert_reader.py" --persistent
cp "$repo/scripts/package-check/use-api.mjs" .
node use-api.mjs "$repo/examples/journal/valid-v3.jsonl"
