#!/bin/sh
# A formcert fuzz campaign for any CI system (run it on a schedule): the plain-shell form of
# formcert-fuzz.yml.
#
#   examples/ci/fuzz-campaign.sh [options] -- <testee argv>
#   FORMCERT_OPS=journal.read,codegraph.read examples/ci/fuzz-campaign.sh --persistent -- python3 reader.py --persistent
#
# Runs one `formcert fuzz` job per op and shard side by side. The jobs share one base seed and each
# takes `--shard I/N`, so no two jobs search the same fast-check seeds. Each job saves what it finds
# under FORMCERT_FINDINGS/<op>-<I>/; `formcert vectors merge` then writes every distinct case once
# (by case id) into FORMCERT_FINDINGS/merged/, and `formcert certify --vectors` replays them, so the
# merged directory is known to reproduce. The options go to both `fuzz` and `certify` (the two
# verbs share --persistent, --codes and --timeout-ms).
#
# Environment: FORMCERT_OPS (comma-separated, default journal.read), FORMCERT_SHARDS (default 2),
# FORMCERT_SEED (the base seed, a 32-bit integer; default: from the clock, printed), FORMCERT_FUZZ_SECONDS (time
# budget per job, default 60) or FORMCERT_FUZZ_RUNS (a case count per job instead),
# FORMCERT_FINDINGS (default formcert-findings).
# Exit status: 0 nothing found; 1 findings, merged and replayed; 2 a job could not run.
set -u

ops=${FORMCERT_OPS:-journal.read}
shards=${FORMCERT_SHARDS:-2}
seed=${FORMCERT_SEED:-$(($(date +%s) % 2147483648))}
findings=${FORMCERT_FINDINGS:-formcert-findings}
if [ -n "${FORMCERT_FUZZ_RUNS:-}" ]; then budget="--runs $FORMCERT_FUZZ_RUNS"; else budget="--seconds ${FORMCERT_FUZZ_SECONDS:-60}"; fi
case $shards in '' | *[!0-9]* | 0*) echo "fuzz-campaign.sh: FORMCERT_SHARDS must be a positive integer, got '$shards'" >&2; exit 2 ;; esac
if [ -e "$findings/merged" ]; then
  # The merge extends its output directory: findings of an earlier campaign would be replayed as new.
  echo "fuzz-campaign.sh: $findings/merged exists; remove it or set FORMCERT_FINDINGS" >&2
  exit 2
fi
mkdir -p "$findings" || exit 2
echo "campaign seed $seed, $shards shard(s) per op, $budget per job"

jobs=''
for op in $(echo "$ops" | tr ',' ' '); do
  i=1
  while [ "$i" -le "$shards" ]; do
    # $budget is two words on purpose.
    # shellcheck disable=SC2086
    npx formcert fuzz --op "$op" --seed "$seed" --shard "$i/$shards" $budget --out "$findings/$op-$i" "$@" >"$findings/$op-$i.log" 2>&1 &
    jobs="$jobs $op-$i:$!"
    i=$((i + 1))
  done
done

error=0
dirs=''
for job in $jobs; do
  name=${job%:*}
  wait "${job#*:}"
  rc=$?
  echo "fuzz $name: exit $rc ($findings/$name.log)"
  if [ "$rc" -ge 2 ]; then
    error=1
    tail -n 20 "$findings/$name.log" >&2
  fi
  # A job that found nothing saved nothing.
  [ -d "$findings/$name" ] && dirs="$dirs $findings/$name"
done
[ "$error" -eq 0 ] || exit 2
if [ -z "$dirs" ]; then
  echo 'no disagreement found'
  exit 0
fi

# shellcheck disable=SC2086
npx formcert vectors merge --out "$findings/merged" $dirs || exit 2
# The replay fails (exit 1) as long as the testee still disagrees on a merged case; 2 would mean the
# merged vectors or the testee could not be loaded.
npx formcert certify --vectors "$findings/merged" --report "$findings/replay" "$@"
rc=$?
[ "$rc" -le 1 ] || exit 2
echo "findings: $findings/merged (replay: npx formcert certify --vectors $findings/merged …)"
exit 1
