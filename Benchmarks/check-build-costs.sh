#!/usr/bin/env bash
# Counts what one build costs, per operation, under valgrind: reference-count operations (calls
# of the runtime's retain and release entry points, from callgrind) and heap blocks and bytes
# (dhat), for a new instance and a new instance from an argument, each two ways: a binding made,
# resolving, disposed (`private_cycle`, `arg_new_instance`), and a binding that lives through the
# loop building and unbinding (`private_unbind_cycle`, `arg_unbind_cycle`). Each case runs alone
# (no floor) at two cycle counts; the difference divided by the extra cycles is the cost of one,
# without the process's setup. Fails when a count is above its ceiling.
#
#   Benchmarks/check-build-costs.sh .build/release/RegistryBenchmarks
#   Benchmarks/check-build-costs.sh --report .build/release/RegistryBenchmarks   # never fails
set -euo pipefail
report_only=false
if [ "${1:-}" = "--report" ]; then
  report_only=true
  shift
fi
binary=${1:?usage: check-build-costs.sh [--report] path/to/RegistryBenchmarks}
few=500
many=2500
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Ceilings per operation: case, retains + releases, heap blocks, heap bytes. They are what the
# code costs now plus a small margin (measured 2026-12-04: 70, 3 and 529 for `private_cycle`;
# 100.2, 5 and 897 for `arg_new_instance`; 48, 1 and 192 for `private_unbind_cycle`; 78.2, 3
# and 560 for `arg_unbind_cycle`). The issue's targets (30 calls, 2 blocks and 256 B for a new
# instance, 2 blocks for an argument build) are met where Benchmarks/README.md says so, and it
# says why the others are not.
ceilings="
private_cycle 73 3 540
arg_new_instance 104 5 920
private_unbind_cycle 50 1 200
arg_unbind_cycle 81 3 580
"

# How many loops a run makes per case: its repetitions and warm-ups, from the header it prints.
loops() {
  "$binary" --quick --no-floor --only private_cycle --cycles 10 2>/dev/null |
    sed -n 's/^median of \([0-9]*\) repetitions after \([0-9]*\) warm-ups.*/\1 \2/p' |
    awk '{ print $1 + $2 }'
}

# Retain and release calls in a callgrind profile: every caller's calls of the runtime's
# entry points, summed.
rc_calls() {
  python3 - "$1" <<'EOF'
import re, sys
names = {}
total = 0
caller = ""
callee = None
# The entry points, with callgrind's suffix for a recursion level (swift_release'2). A call
# from one of them to another (a bridged retain forwarding to swift_retain) is not counted again.
entry = re.compile(r"^swift_(nonatomic_)?(unknownObject|bridgeObject)?(retain|release|Retain|Release)(_n)?('[0-9]+)?$")
def name(field, line):
    match = re.match(field + r"=\((\d+)\)(?: (.*))?", line.strip())
    if not match:
        return line.strip()[len(field) + 1:]
    number, text = match.groups()
    if text:
        names[number] = text
    return names.get(number, "")
with open(sys.argv[1], errors="replace") as lines:
    for line in lines:
        if line.startswith("fn="):
            caller = name("fn", line)
        elif line.startswith("cfn="):
            callee = name("cfn", line)
        elif line.startswith("calls=") and callee is not None:
            if entry.match(callee) and not entry.match(caller):
                total += int(line.split("=", 1)[1].split()[0])
            callee = None
print(total)
EOF
}

measure() {
  local case=$1 cycles=$2
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.$case.$cycles" \
    "$binary" --quick --no-floor --only "$case" --cycles "$cycles" >/dev/null 2>&1
  local rc
  rc=$(rc_calls "$work/cg.$case.$cycles")
  local heap
  heap=$(valgrind --tool=dhat --dhat-out-file=/dev/null \
    "$binary" --quick --no-floor --only "$case" --cycles "$cycles" 2>&1 >/dev/null |
    sed -n 's/.*Total: *\([0-9,]*\) bytes in \([0-9,]*\) blocks.*/\1 \2/p' | tr -d ,)
  echo "$rc $heap"
}

per_loop=$(loops)
[ -n "$per_loop" ] || { echo "could not read the number of loops"; exit 1; }
failed=false
while read -r case max_rc max_blocks max_bytes; do
  [ -n "$case" ] || continue
  read -r rc1 bytes1 blocks1 <<<"$(measure "$case" "$few")"
  read -r rc2 bytes2 blocks2 <<<"$(measure "$case" "$many")"
  ops=$(((many - few) * per_loop))
  line=$(awk -v rc=$((rc2 - rc1)) -v blocks=$((blocks2 - blocks1)) -v bytes=$((bytes2 - bytes1)) \
    -v ops="$ops" -v mrc="$max_rc" -v mblocks="$max_blocks" -v mbytes="$max_bytes" -v name="$case" '
    BEGIN {
      r = rc / ops; b = blocks / ops; y = bytes / ops
      bad = (r > mrc + 0.5 || b > mblocks + 0.05 || y > mbytes + 0.5)
      printf "%s: %.1f retains+releases (<= %d), %.2f heap blocks (<= %d), %.1f bytes (<= %d) per operation%s\n",
        name, r, mrc, b, mblocks, y, mbytes, bad ? "  ABOVE" : ""
    }')
  echo "$line"
  case $line in *ABOVE) failed=true ;; esac
done <<<"$ceilings"
if $failed && ! $report_only; then
  echo "a build costs more than its ceiling (see Benchmarks/README.md, \"Per-operation counts\")"
  exit 1
fi
