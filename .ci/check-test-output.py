#!/usr/bin/env python3
"""Checks the output of a passing `swift test` (stdout and stderr together, in one file):

- nothing but the runner's own lines: the build's progress, XCTest's and Swift Testing's lines,
  and the message of an issue Swift Testing recorded (the lines after its "recorded a ..." line);
  a line that starts with "[Registry]" (what a printing issue reporter or a log prints) is never
  the runner's, wherever it is;
- a warning or a known issue only from a test whose name says it is about one: the name
  contains "warning" or "known issue" ("KnownIssue"), whatever the case.

Usage: check-test-output.py LOG
"""
import re
import sys

BUILD = re.compile(
    r"^(\[\d+/\d+\] |Building for |Build complete!|Build of .* complete!|Compiling |Linking |"
    r"Write |Planning build|Fetching |Computing version)")
XCTEST = re.compile(r"^(Test Suite '|Test Case '|\t Executed )")
# Swift Testing starts each of its lines with a symbol (◇ ✔ ✘ ⚠︎ ➜ ↳ ━ ...) and a space.
SWIFT_TESTING = re.compile(r"^[^\x00-\x7f]+\s")
RECORDED = re.compile(r"^\S+ Test (?P<test>.+?) recorded (?P<kind>a warning|a known issue|an issue) at ")
SUMMARY = re.compile(r"^\S+ Test run with \d+ tests? .* (passed|failed)")


def says_what_it_is_about(test, kind):
    name = re.sub(r"[\s_]", "", test).lower()
    return "warning" in name or "knownissue" in name


def main(path):
    lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    stray, misplaced = [], []
    counts = {"a warning": 0, "a known issue": 0, "an issue": 0}
    in_issue = False
    summary = None
    for number, line in enumerate(lines, 1):
        if line.startswith("[Registry]"):
            stray.append((number, line))
            continue
        if line.startswith("↳ "):
            continue  # details of the event above (an issue's message, the library's version)
        if SWIFT_TESTING.match(line):
            recorded = RECORDED.match(line)
            in_issue = recorded is not None
            if recorded:
                counts[recorded["kind"]] += 1
                if recorded["kind"] != "an issue" and not says_what_it_is_about(
                        recorded["test"], recorded["kind"]):
                    misplaced.append((number, line))
            if SUMMARY.match(line):
                summary = line
            continue
        if BUILD.match(line) or XCTEST.match(line) or line.strip() == "":
            continue
        if in_issue:
            continue  # the recorded issue's message, line by line
        stray.append((number, line))
    ok = True
    if summary is None:
        print("check-test-output: no Swift Testing summary line found")
        ok = False
    if stray:
        ok = False
        print(f"check-test-output: {len(stray)} line(s) printed by tests, not by the runner:")
        for number, line in stray:
            print(f"  {path}:{number}: {line}")
        print("  Route what a test reports to a capturing reporter (RecordingIssueReporter, the"
              " .registry trait, withRegistry), or read printed output in an exit test.")
    if misplaced:
        ok = False
        print(f"check-test-output: {len(misplaced)} warning(s) or known issue(s) in tests whose"
              " names do not say they are about one:")
        for number, line in misplaced:
            print(f"  {path}:{number}: {line}")
        print("  Only a test about warnings or known issues may record one, and its name says so"
              " (it contains \"warning\" or \"known issue\").")
    if ok:
        print(f"check-test-output: {len(lines)} lines, all the runner's;"
              f" {counts['a warning']} warning(s) and {counts['a known issue']} known issue(s),"
              " each from a test named for it")
    return 0 if ok else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
