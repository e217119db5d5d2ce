#!/usr/bin/env bash
# Proves that the AppKit build (Tests/AppleLayer/AppKit) compiles the Registry sources (and the
# AppleViewModelCompatibility module's, the SwiftUI stand-in and the SwiftUINotes example) with
# no UIKit in reach, as on native macOS. Run from the repository root after both packages are
# built with their tests:
#
#   swift build --package-path Tests/AppleLayer --build-tests
#   swift build --package-path Tests/AppleLayer/AppKit --build-tests
#
# 1. The AppKit build's folder of modules holds no UIKit module.
# 2. The `canImport(UIKit)` probe compiles against the AppKit build's modules and fails against
#    the AppleLayer package's, so it does see a UIKit module when one is there.
# 3. The AppKit build's object files reference no symbol of the UIKit module, while the
#    AppleLayer package's Registry objects do (`AppPauseProvider.init(application:)`), so the
#    search finds such references when they exist.
set -euo pipefail
cd "$(dirname "$0")/../../.."

swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
nm_tool="$swift_bin/llvm-nm"
[ -x "$nm_tool" ] || nm_tool=nm
probe=Tests/AppleLayer/AppKit/Tests/AppKitTests/NoUIKitProbe.swift
appkit_bin=$(swift build --package-path Tests/AppleLayer/AppKit --show-bin-path)
layer_bin=$(swift build --package-path Tests/AppleLayer --show-bin-path)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() {
  echo "check-no-uikit: $1" >&2
  exit 1
}

# Every symbol of the given objects, demangled, into a file (read with grep afterwards: a
# `grep -q` at the end of the pipe would stop it early and fail it under pipefail).
demangled_symbols() {
  local out=$1
  shift
  "$nm_tool" --no-sort "$@" | "$swift_bin/swift-demangle" >"$out"
}

# Symbols of the UIKit module: `UIKit.` at the start of a name or after a non-word character
# (so a module called `RegistryUIKit` would not count).
uikit_pattern='(^|[^A-Za-z0-9_])UIKit\.'

# 1. No UIKit module next to the AppKit build's modules.
[ -d "$appkit_bin/Modules" ] || fail "no AppKit build at $appkit_bin (build it with --build-tests)"
[ -e "$appkit_bin/Modules/Registry.swiftmodule" ] || fail "the AppKit build has no Registry module"
uikit_modules=$(find "$appkit_bin" -name 'UIKit.swiftmodule*')
[ -z "$uikit_modules" ] || fail "the AppKit build has a UIKit module: $uikit_modules"
echo "no UIKit module in $appkit_bin"

# 2. The probe: false with the AppKit build's modules, true with the AppleLayer package's.
swiftc -typecheck -swift-version 6 -I "$appkit_bin/Modules" "$probe" \
  || fail "the canImport(UIKit) probe fails against the AppKit build's modules"
if swiftc -typecheck -swift-version 6 -I "$layer_bin/Modules" "$probe" 2>"$scratch/probe.log"; then
  fail "the canImport(UIKit) probe compiles against the AppleLayer modules: it proves nothing"
fi
grep -q "UIKit is importable here" "$scratch/probe.log" \
  || fail "the probe failed for another reason: $(cat "$scratch/probe.log")"
echo "canImport(UIKit) is false in the AppKit build and true in the AppleLayer package"

# 3. No object of the AppKit build names a UIKit symbol; the UIKit-enabled build does.
appkit_objects=("$appkit_bin"/Registry.build/*.o "$appkit_bin"/AppleViewModelCompatibility.build/*.o
  "$appkit_bin"/SwiftUI.build/*.o "$appkit_bin"/SwiftUINotes.build/*.o
  "$appkit_bin"/SwiftUINotesApp.build/*.o "$appkit_bin"/AppKitTests.build/*.o)
[ -e "${appkit_objects[0]}" ] || fail "no object files in $appkit_bin/Registry.build"
demangled_symbols "$scratch/appkit.symbols" "${appkit_objects[@]}"
if grep -E "$uikit_pattern" "$scratch/appkit.symbols" >"$scratch/leaks"; then
  head -n 20 "$scratch/leaks" >&2
  fail "the AppKit build references UIKit"
fi
grep -q 'NSObject.viewModelBinding' "$scratch/appkit.symbols" \
  || fail "the AppKit build lacks NSObject.viewModelBinding"
echo "${#appkit_objects[@]} object files of the AppKit build reference no UIKit symbol"

layer_objects=("$layer_bin"/Registry.build/*.o)
[ -e "${layer_objects[0]}" ] || fail "no object files in $layer_bin/Registry.build"
demangled_symbols "$scratch/layer.symbols" "${layer_objects[@]}"
grep -E "$uikit_pattern" "$scratch/layer.symbols" >"$scratch/layer.uikit" || true
grep -qF 'AppPauseProvider.init(application: UIKit.UIApplication)' "$scratch/layer.uikit" \
  || fail "no UIKit symbol found in the AppleLayer Registry objects: the search would miss a leak"
echo "the same search finds UIKit symbols in the AppleLayer package's Registry objects"
