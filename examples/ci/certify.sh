#!/bin/sh
# formcert certification for any CI system: the plain-shell form of formcert-certify.yml.
#
#   examples/ci/certify.sh [certify options] -- <testee argv>
#   examples/ci/certify.sh --persistent -- python3 reader.py --persistent
#
# Runs FORMCERT_SHARDS shards of `formcert certify` side by side on this machine (each shard is a
# fixed slice of the cases, chosen by case id), merges their reports and prints the Markdown summary.
# Everything lands in FORMCERT_REPORT: shard-I/ and shard-I.log per shard, and all/ with
# results.jsonl, junit.xml (for the CI's test view), summary.md, report.html and badge.svg.
# The arguments are `formcert certify`'s, given to every shard unchanged.
#
# Environment: FORMCERT_SHARDS (default 2), FORMCERT_REPORT (default formcert-report),
# FORMCERT_STEP_SUMMARY (a file the summary is appended to, like $GITHUB_STEP_SUMMARY; optional).
# Exit status: the merged run's (0 every scored case passes, 1 a case fails, 2 a setup error).
set -u

shards=${FORMCERT_SHARDS:-2}
report=${FORMCERT_REPORT:-formcert-report}
case $shards in '' | *[!0-9]* | 0*) echo "certify.sh: FORMCERT_SHARDS must be a positive integer, got '$shards'" >&2; exit 2 ;; esac
mkdir -p "$report" || exit 2

pids=''
i=1
while [ "$i" -le "$shards" ]; do
  npx formcert certify --shard "$i/$shards" --report "$report/shard-$i" "$@" >"$report/shard-$i.log" 2>&1 &
  pids="$pids $!"
  i=$((i + 1))
done

# Every shard runs to its end; a setup error (exit 2) in any shard stops before the merge.
setup_error=0
results=''
i=1
for pid in $pids; do
  wait "$pid"
  rc=$?
  echo "shard $i/$shards: exit $rc ($report/shard-$i.log)"
  if [ "$rc" -ge 2 ]; then
    setup_error=1
    tail -n 20 "$report/shard-$i.log" >&2
  fi
  results="$results $report/shard-$i/results.jsonl"
  i=$((i + 1))
done
[ "$setup_error" -eq 0 ] || exit 2

# The merge refuses a missing shard, so a lost report cannot pass as a smaller suite. Word
# splitting of $results is intended (report paths without spaces).
# shellcheck disable=SC2086
npx formcert report merge $results --report "$report/all"
status=$?
if [ -f "$report/all/summary.md" ]; then
  if [ -n "${FORMCERT_STEP_SUMMARY:-}" ]; then
    { cat "$report/all/summary.md"; echo; } >>"$FORMCERT_STEP_SUMMARY"
  fi
  echo "JUnit: $report/all/junit.xml · page: $report/all/report.html · badge: $report/all/badge.svg"
fi
exit "$status"
