#!/usr/bin/env bash
# Builds the documentation: Registry's, with its SwiftUI, Combine and UIKit API, RegistryTesting's
# and the AppleViewModelCompatibility module's, merged into one site, then checks what was
# rendered.
#
#   Scripts/build-docs.sh [output-dir]        (default: .build/docs)
#
# Writes output-dir/Registry.doccarchive, output-dir/RegistryTesting.doccarchive,
# output-dir/AppleViewModelCompatibility.doccarchive, output-dir/site (the three modules in one
# archive) and output-dir/symbol-graphs (what docc was given, one folder per module, which
# Scripts/check-docs.py reads to check that every public symbol has a page). To browse:
#
#   python3 -m http.server --directory .build/docs/site 8000
#   open http://localhost:8000/documentation/registry
#
# Apple's frameworks do not exist on Linux, so the Apple-only API (behind `#if canImport(...)`)
# is documented from the symbol graph of Tests/AppleLayer, which compiles the same Registry
# sources against stand-in SwiftUI, Combine, UIKit and ObjectiveC modules. Only the graphs of
# Registry, RegistryTesting and AppleViewModelCompatibility are given to docc: no symbol of a
# stand-in gets a page, and Scripts/check-docs.py fails the build if one does. RegistryTesting
# has no Apple-only API, and is documented from the root package's build.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-.build/docs}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Default build flags, as CI's last builds of both packages before this step (the examples, the
# Apple layer's tests) use, so that their build folders are reused.
apple=Tests/AppleLayer
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

echo "== building the modules (the root package, and $apple for the Apple API)"
swift build --target AppleViewModelCompatibility
swift build --target RegistryTesting
swift build --package-path "$apple" --target Registry
# The compatibility module's own Apple API, once the AppleLayer package builds it.
if grep -q 'name: "AppleViewModelCompatibility"' "$apple/Package.swift"; then
  swift build --package-path "$apple" --target AppleViewModelCompatibility
  compat_bin=$(swift build --package-path "$apple" --show-bin-path)
else
  compat_bin=$(swift build --show-bin-path)
fi

extract() {  # module, build folder, output folder
  # The modules it imports: the Swift ones, and the C targets' (their generated module maps).
  local maps=()
  for map in "$2"/*.build/module.modulemap; do
    if [ -e "$map" ]; then maps+=(-Xcc "-fmodule-map-file=$map"); fi
  done
  mkdir -p "$3"
  swift symbolgraph-extract -module-name "$1" -I "$2/Modules" "${maps[@]}" -target "$triple" \
    -output-dir "$3" -minimum-access-level public -skip-synthesized-members \
    -emit-extension-block-symbols
}
echo "== symbol graphs"
graphs=$out/symbol-graphs
rm -rf "$graphs"
extract Registry "$(swift build --package-path "$apple" --show-bin-path)" "$graphs/Registry"
extract Registry "$(swift build --show-bin-path)" "$work/registry-linux"
extract RegistryTesting "$(swift build --show-bin-path)" "$graphs/RegistryTesting"
extract AppleViewModelCompatibility "$compat_bin" "$graphs/AppleViewModelCompatibility"
# Source locations through Tests/AppleLayer's symlinks become the real files; every symbol of
# the Linux build must be in the graph documented.
python3 Scripts/check-docs.py graphs "$graphs/Registry" "$work/registry-linux" \
  "$graphs/AppleViewModelCompatibility"

echo "== docc convert (warnings are errors)"
modules=(Registry RegistryTesting AppleViewModelCompatibility)
archives=()
for module in "${modules[@]}"; do
  rm -rf "$out/$module.doccarchive"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors
  archives+=("$out/$module.doccarchive")
done
rm -rf "$out/site"
docc merge "${archives[@]}" --synthesized-landing-page-name Registry --output-path "$out/site"

echo "== checking what was rendered (a page for every public symbol), and the install lines"
python3 Scripts/check-docs.py site "$out"
python3 Scripts/check-docs.py install
echo "browse: python3 -m http.server --directory $out/site 8000, then open"
echo "  http://localhost:8000/documentation/registry"
