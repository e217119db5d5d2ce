#!/usr/bin/env bash
# Shows that the re-render path allocates nothing: runs the re-read cases (a binding asking again
# for what it holds, and a family called on every render) under valgrind's dhat with two call
# counts; the number of heap blocks allocated must not grow with the calls.
set -euo pipefail
binary=${1:?usage: check-allocations.sh path/to/RegistryBenchmarks}
cases=hot_read,hot_watch,family_hot_read,family_hot_watch,family_direct_hot_read,family_pack_hot_read,service_hot_read
blocks() {
  valgrind --tool=dhat --dhat-out-file=/dev/null "$binary" --quick --only "$cases" --calls "$1" \
    2>&1 >/dev/null | sed -n 's/.*Total: *[0-9,]* bytes in \([0-9,]*\) blocks.*/\1/p' | tr -d ,
}
few=$(blocks 1000)
many=$(blocks 9000)
echo "heap blocks allocated: $few with 1,000 calls per loop, $many with 9,000"
# The printed report differs between runs by a few blocks either way: its timings are formatted,
# and a longer figure can need a string that allocates. One allocation per call would add
# 8,000 blocks per case (56,000 in all), so an allowance of 16 still shows that no call
# allocates, even one in 2,500.
allowance=16
if [ -z "$few" ] || [ -z "$many" ] || [ "$many" -gt $((few + allowance)) ]; then
  echo "the re-read loops allocate: $((many - few)) more blocks for 8,000 more calls per loop"
  exit 1
fi
