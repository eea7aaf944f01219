#!/usr/bin/env bash
# Runs every command of README's Cookbook (between <!-- cookbook:begin --> and
# <!-- cookbook:end -->) and compares its output with the lines printed under it.
#
#   Tests/Cookbook/run.sh BINARY
#
# A line `$ command` is run by bash in a scratch folder holding a link to Samples/, with
# BINARY as `rtcstats` first on PATH; the lines up to the next `$ ` line or the end of the
# code block are its expected output. `duckdb` commands use the duckdb CLI when installed,
# else the Python module from a venv under .build/cookbook-venv (created with pip on first
# use); without either (offline) they are skipped, said on stderr. Exit 0 when every
# command printed what the README says.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/bin"; ln -s "$binary" "$scratch/bin/rtcstats"; ln -s "$root/Samples" "$scratch/Samples"

duckdb_mode=none
if command -v duckdb >/dev/null; then
  duckdb_mode=cli
else
  venv=$root/.build/cookbook-venv
  if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c 'import duckdb' 2>/dev/null; then
    { python3 -m venv "$venv" && "$venv/bin/pip" install -q duckdb; } >/dev/null 2>&1
  fi
  "$venv/bin/python" -c 'import duckdb' 2>/dev/null && duckdb_mode=python
fi
# `duckdb -csv -c SQL` through the Python module: a CSV header, then the rows.
cat > "$scratch/bin/duckdb-python" <<PY
#!$root/.build/cookbook-venv/bin/python
import csv, sys, duckdb
result = duckdb.sql(sys.argv[-1])
writer = csv.writer(sys.stdout, lineterminator="\n")
writer.writerow(result.columns)
writer.writerows(result.fetchall())
PY
chmod +x "$scratch/bin/duckdb-python"
[[ $duckdb_mode == python ]] && ln -s "$scratch/bin/duckdb-python" "$scratch/bin/duckdb"

status=0; count=0; skipped=0
run() {
  local command=$1 expected=$2
  [[ -z $command ]] && return
  if [[ $command == *duckdb* && $duckdb_mode == none ]]; then
    echo "cookbook: skipped (no duckdb, offline?): $command" >&2; skipped=$((skipped + 1)); return
  fi
  count=$((count + 1))
  local actual
  actual=$(cd "$scratch" && PATH="$scratch/bin:$PATH" bash -c "$command" 2>&1)
  if [[ "$actual" != "$expected" ]]; then
    echo "cookbook: FAILED: $command" >&2
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") >&2
    status=1
  fi
}
command=""; expected=""; inside=0; block=0
while IFS= read -r line; do
  [[ $line == "<!-- cookbook:begin -->" ]] && { inside=1; continue; }
  [[ $line == "<!-- cookbook:end -->" ]] && break
  (( inside )) || continue
  if [[ $line == '```'* ]]; then
    if (( block )); then run "$command" "$expected"; command=""; expected=""; block=0; else block=1; fi
    continue
  fi
  (( block )) || continue
  if [[ $line == '$ '* ]]; then
    run "$command" "$expected"
    command=${line#\$ }; expected=""
  else
    expected+=${expected:+$'\n'}$line
  fi
done < "$root/README.md"
echo "cookbook: $count commands run, $skipped skipped" >&2
(( count > 0 )) || status=1
exit $status
