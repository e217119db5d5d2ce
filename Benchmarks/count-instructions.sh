#!/usr/bin/env bash
# Counts the instructions a benchmark case runs, per operation, under callgrind: only inside the
# function that holds the case's loop (`--toggle-collect`), with `--quick --no-floor --only CASE`
# and deterministic hashing, so that two builds of the same code count the same. With
# `--against`, also counts a second build (the baseline) and prints the difference: how a change
# is measured, for example a check that unsafe code turns off (see .ci/unsafe-allowlist.txt).
#
#   Benchmarks/count-instructions.sh .build/release/RegistryBenchmarks hot_read private_cycle
#   Benchmarks/count-instructions.sh --against /tmp/base/release/RegistryBenchmarks \
#     .build/release/RegistryBenchmarks hot_read
#
# Prints one line per case: the case, instructions per operation (and the baseline's, the
# difference and its percentage with --against). A case's count includes what its function does
# untimed (making its binding, building what a disposal case disposes), so the percentage is of
# the whole function. The operations are those `--quick` runs (warm-ups included): the calls of a
# re-read case, the cycles of a build case, the notifies, the setState calls, the instances of a
# disposal case, the links of a deep chain.
set -euo pipefail
shopt -s inherit_errexit
baseline=""
if [ "${1:-}" = "--against" ]; then
  baseline=${2:?--against needs a path to a RegistryBenchmarks build}
  shift 2
fi
binary=${1:?usage: count-instructions.sh [--against BASELINE] path/to/RegistryBenchmarks CASE...}
shift
[ $# -gt 0 ] || { echo "name at least one case" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Fixed counts, so that the operations are known: the re-read loops' calls and the build loops'
# cycles. Notifies and setState calls are Plan.quick's (main.swift).
calls=20000
cycles=2000
quick_rounds=20000

# The function that holds a case's loop, and the operations one loop runs.
case_function() {
  case "$1" in
    hot_read | hot_watch) echo "hotResolve $calls" ;;
    family_hot_read | family_hot_watch) echo "familyHotResolve $calls" ;;
    family_direct_hot_read) echo "familyDirectHotResolve $calls" ;;
    family_pack_hot_read) echo "familyPackHotResolve $calls" ;;
    wrapper_hot_read) echo "wrapperHotRead $calls" ;;
    service_hot_read) echo "serviceHotRead $calls" ;;
    share_cycle) echo "shareCycle $cycles" ;;
    private_cycle) echo "privateCycle $cycles" ;;
    binding_cycle) echo "bindingCycle $cycles" ;;
    private_unbind_cycle) echo "privateUnbindCycle $cycles" ;;
    arg_new_instance) echo "argNewInstance $cycles" ;;
    arg_unbind_cycle) echo "argUnbindCycle $cycles" ;;
    arg_direct_unbind_cycle) echo "argDirectUnbindCycle $cycles" ;;
    service_private_cycle | interface_private_cycle) echo "servicePrivateCycle $cycles" ;;
    service_unbind_cycle) echo "serviceUnbindCycle $cycles" ;;
    chain10) echo "chain $cycles" ;;
    chain100) echo "chain $((cycles / 10))" ;;
    notify_1) echo "notify $quick_rounds" ;;
    notify_100) echo "notify $((quick_rounds / 100))" ;;
    setstate_equal | setstate_changed) echo "setState $quick_rounds" ;;
    scale_dispose_*) echo "scaleDispose ${1#scale_dispose_}" ;;
    dispose_all_* | reset_tag_*) echo "bulkDisposal ${1##*_}" ;;
    *) echo "no instruction count for case $1 (see case_function in $0)" >&2; exit 2 ;;
  esac
}

# The mangled name of the benchmark's function `name` (RegistryBenchmarks.name(...)).
symbol() {
  nm "$1" | awk '$2 ~ /^[Tt]$/ { print $3 }' | grep '^\$s18RegistryBenchmarks' >"$work/symbols"
  swift demangle --simplified <"$work/symbols" | paste "$work/symbols" - |
    awk -F '\t' -v name="$2" '!found && index($2, name "(") == 1 { print $1; found = 1 }'
}

# How many loops a run makes: its repetitions and warm-ups, from the header it prints.
loops() {
  "$1" --quick --no-floor --only private_cycle --cycles 10 2>/dev/null |
    sed -n 's/^median of \([0-9]*\) repetitions after \([0-9]*\) warm-ups.*/\1 \2/p' |
    awk '{ print $1 + $2 }'
}

# Instructions per operation of one case in one build.
count() {
  local build=$1 name=$2 spec function operations mangled out loop_count
  spec=$(case_function "$name")
  read -r function operations <<<"$spec"
  mangled=$(symbol "$build" "$function")
  [ -n "$mangled" ] || { echo "no function $function in $build" >&2; exit 1; }
  loop_count=$(loops "$build")
  [ -n "$loop_count" ] || { echo "could not read the repetitions from $build" >&2; exit 1; }
  out="$work/callgrind.out"
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect="$mangled" --callgrind-out-file="$out" \
    "$build" --quick --no-floor --only "$name" --calls "$calls" --cycles "$cycles" \
    >/dev/null 2>"$work/valgrind.log" || { cat "$work/valgrind.log" >&2; exit 1; }
  awk -v ops=$((operations * loop_count)) '/^(summary|totals):/ { total = $2 }
    END { if (total == "") exit 1; printf "%.1f\n", total / ops }' "$out"
}

for name in "$@"; do
  value=$(count "$binary" "$name")
  if [ -z "$baseline" ]; then
    printf '%s %s instructions per operation\n' "$name" "$value"
  else
    base=$(count "$baseline" "$name")
    awk -v name="$name" -v value="$value" -v base="$base" 'BEGIN {
      diff = value - base
      printf "%s %s against %s instructions per operation: %+.1f (%+.2f%%)\n",
        name, value, base, diff, 100 * diff / base }'
  fi
done
