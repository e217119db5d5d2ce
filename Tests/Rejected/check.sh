#!/usr/bin/env bash
# Type-checks every file of Tests/Rejected against the built Registry module with the compiler's
# -verify: each diagnostic a file expects (`expected-error@+1 {{...}}`, in a comment above the
# line) must be produced, and no other. The files hold mistakes the API must reject at compile
# time. Run from the repository root after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/../.."

modules="$(swift build --show-bin-path)/Modules"
[ -e "$modules/Registry.swiftmodule" ] || {
  echo "check: no Registry module in $modules (run swift build first)" >&2
  exit 1
}

failed=0
for file in Tests/Rejected/*.swift; do
  if swiftc -frontend -typecheck -verify -verify-ignore-unrelated -swift-version 6 \
    -module-name RejectedCode -I "$modules" "$file"; then
    echo "rejected as it must be: $file"
  else
    echo "check: $file is not rejected as its comments expect" >&2
    failed=1
  fi
done
exit "$failed"
