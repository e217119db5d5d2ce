#!/usr/bin/env bash
# Runs Tests/Fixtures/ForgottenProvider, a small app whose test run must fail in one way only:
# its one test that forgets to provide the API client fails, with the full message at the line
# in the feature that read the client, and the run goes on. Checks that the run completed with
# its summary, that every other test passed (at least 300 cases, in parallel), that nothing
# crashed, and that the app's composition root runs. Prints a one-line verdict; exits 1 on any
# mismatch.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fixture="$root/Tests/Fixtures/ForgottenProvider"
scratch="$fixture/.build"
log="$scratch/forgotten-provider-test.log"
started=$SECONDS
forgetting='forgetsToProvideTheAPIClient()'
forgetting_pattern='forgetsToProvideTheAPIClient\(\)'
# Swift Testing 6.3's last line, for a run whose one failing test recorded one issue.
summary_pattern='^✘ Test run with ([0-9]+) tests? in [0-9]+ suites? failed after [0-9.]+ seconds '
summary_pattern+='with 1 issue\.$'

swift build --package-path "$fixture" --scratch-path "$scratch" --build-tests \
  -Xswiftc -warnings-as-errors

# The feature imports the interface module only (the same check as Examples/NotesApp's).
(cd "$fixture" && python3 "$root/.ci/check-module-split.py")

# Where the message must point: the feature's read of the client, and the interface's
# declaration.
read_line=$(grep -n 'viewModelBinding.read(apiClientSpec)' \
  "$fixture/Sources/ProfileFeature/ProfileViewModel.swift" | cut -d: -f1)
declared_line=$(grep -n '^public let apiClientSpec = ' \
  "$fixture/Sources/APIClientInterface/APIClient.swift" | cut -d: -f1)
issue_line="✘ Test $forgetting recorded an issue at ProfileViewModel.swift:$read_line:"
expected_message=$(
  cat <<MESSAGE
↳ No provider for the interface any APIClient(key: "api") in registry "$forgetting".
    Type: any APIClient   Key: "api"   Declared at: APIClientInterface/APIClient.swift:$declared_line
  An interface has no builder of its own: each registry builds it with what its composition root provides, and this one provides nothing for it.
  To fix, call registry.provide(_:builder:) for it at the composition root (in a test, in the .registry trait's setup), give the interface a testValue for tests and previews, or make the registry with inheritingProvidersFrom: a registry that provides it.
MESSAGE
)

# Runs the fixture's tests into $log and lists in $problems how the run differs from the one
# expected.
check_test_run() {
  problems=()
  status=0
  swift test --package-path "$fixture" --scratch-path "$scratch" --skip-build --disable-xctest \
    >"$log" 2>&1 || status=$?
  [ "$status" -ne 0 ] ||
    problems+=("swift test exited 0: the test that forgets its provider must fail the run")

  # The run completed: Swift Testing's summary, with the one issue.
  summary=$(grep -aE "$summary_pattern" "$log" || true)
  total=$(sed -E "s/$summary_pattern/\\1/" <<<"$summary")
  if [ "$(grep -acE "$summary_pattern" "$log")" != 1 ]; then
    local other
    other=$(grep -aE '^(✘|✔) Test run with ' "$log" || true)
    if [ -n "$other" ]; then
      problems+=("the summary is not 'Test run with N tests … failed … with 1 issue.': $other")
    else
      problems+=("no summary line 'Test run with …': the run did not complete")
    fi
  fi

  # Exactly one test failed, the one that forgot, with its one issue.
  local failed
  failed=$(grep -aE '^✘ Test .* failed after ' "$log" | grep -v '^✘ Test run with ' || true)
  local expected_failed
  expected_failed="^✘ Test $forgetting_pattern failed after [0-9.]+ seconds with 1 issue\\.$"
  if [ "$(grep -c . <<<"$failed")" != 1 ] || ! grep -qE "$expected_failed" <<<"$failed"; then
    problems+=("expected one failed test, $forgetting, with 1 issue; failed: ${failed:-none}")
  fi

  # That issue: the full message, at the feature's read, naming the declaration.
  local issues message
  issues=$(grep -ac ' recorded an issue' "$log" || true)
  [ "$issues" = 1 ] || problems+=("expected exactly one recorded issue, found $issues")
  message=$(grep -aF -A4 "$issue_line" "$log" | tail -n +2 || true)
  if ! grep -aqF "$issue_line" "$log"; then
    problems+=("no issue recorded at ProfileViewModel.swift:$read_line, the feature's read")
  elif [ "$message" != "$expected_message" ]; then
    problems+=("the issue's message differs from the expected one:"$'\n'"$message")
  fi

  # Every other test passed: each test case counted, a parameterized test by its cases.
  local passed_tests
  passed_tests=$(grep -acE '^✔ Test [^ ]+ (with [0-9]+ test cases )?passed after ' "$log" || true)
  passed_cases=$(awk '
    /^✔ Test [^ ]+ with [0-9]+ test cases passed after / { cases += $5; next }
    /^✔ Test [^ ]+ passed after / { cases += 1 }
    END { print cases + 0 }' "$log")
  if [ -n "$total" ] && [ "$passed_tests" != "$((total - 1))" ]; then
    problems+=("$passed_tests of the run's $total tests passed; all but $forgetting must")
  fi
  [ "$passed_cases" -ge 300 ] ||
    problems+=("$passed_cases test cases passed; the fixture has at least 300 that must")

  # In parallel: more than one test had started before the first one ended.
  local overlapping
  overlapping=$(awk '
    / (passed|failed) after / { exit }
    /^◇ Test [^ ]+ started\.$/ && $3 != "run" { started += 1 }
    END { print started + 0 }' "$log")
  [ "$overlapping" -ge 2 ] ||
    problems+=("the tests ran one at a time: $overlapping started before the first ended")

  # Nothing crashed: no trap, no signal, no fatal error.
  local crash
  crash=$(grep -aiE 'fatal error|signal|crash|exited with' "$log" | head -n 1 || true)
  [ -z "$crash" ] || problems+=("the test process crashed: $crash")
}

check_test_run
if [ "${#problems[@]}" -ne 0 ]; then
  # swift test relays the test process's output through pipes, and on a loaded machine it now
  # and then drops part of it (see .ci/run): a second run decides.
  printf '%s\n' "${problems[@]}"
  echo "checking a second run"
  check_test_run
fi

# The app: its composition root provides the live client and passes the providers check; a root
# that provides nothing fails the check before anything resolves.
app_status=0
app=$(swift run --package-path "$fixture" --scratch-path "$scratch" --skip-build App 2>&1) ||
  app_status=$?
echo "$app"
for line in \
  'a root that provides nothing: 1 interface has no provider in registry "forgetful".' \
  'composition root: every interface ProfileFeature uses is provided' \
  'profile: Ada Lovelace' \
  'App finished: 0 alive'; do
  grep -qxF "$line" <<<"$app" || problems+=("the app did not print: $line")
done
[ "$app_status" -eq 0 ] || problems+=("the app exited with $app_status")

elapsed="$((SECONDS - started)) s"
if [ "${#problems[@]}" -ne 0 ]; then
  echo "--- what $log says went wrong:"
  grep -aiE '^✘|fatal error|exited with' "$log" | head -n 20 || true
  echo "---"
  printf '%s\n' "${problems[@]}"
  echo "forgotten provider: MISMATCH, ${#problems[@]} problem(s) above" \
    "(swift test exited $status; $elapsed)"
  exit 1
fi
grep -aF -A4 "$issue_line" "$log"
echo "$summary"
echo "forgotten provider: ok, only $forgetting failed, with the full message;" \
  "$passed_cases test cases passed, in parallel; no crash; the app ran ($elapsed)"
