#!/usr/bin/env bash
# Type-checks every file of Tests/AppleLayer/Rejected against the stand-in modules with the
# compiler's -verify: each diagnostic a file expects (`expected-error@+1 {{...}}` and the like,
# in a comment above the line) must be produced, and no other diagnostic of that file. The files
# hold code Apple's SDKs reject, so a stand-in that accepts it fails this check. Run from the
# repository root after building the package:
#
#   swift build --package-path Tests/AppleLayer --build-tests
set -euo pipefail
cd "$(dirname "$0")/../../.."

modules="$(swift build --package-path Tests/AppleLayer --show-bin-path)/Modules"
[ -e "$modules/SwiftUI.swiftmodule" ] || {
  echo "check-rejected: no stand-in modules in $modules (build Tests/AppleLayer first)" >&2
  exit 1
}

failed=0
for file in Tests/AppleLayer/Rejected/*.swift; do
  if swiftc -frontend -typecheck -verify -verify-ignore-unrelated -swift-version 6 \
    -module-name RejectedCode -I "$modules" "$file"; then
    echo "as the SDKs: $file"
  else
    echo "check-rejected: the stand-ins do not diagnose $file as the SDKs do" >&2
    failed=1
  fi
done
exit "$failed"
