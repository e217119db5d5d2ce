#!/usr/bin/env python3
"""Fails on unsafe code in Sources/ that is not on the allow-list (.ci/unsafe-allowlist.txt).

Unsafe code here is every construct that turns off a check Swift would otherwise make:
`@exclusivity(unchecked)`, `unsafeBitCast`, `unsafeDowncast`, `unowned(unsafe)`, `Unmanaged`,
`nonisolated(unsafe)`, `@unchecked Sendable`, underscored attributes (`@_cdecl`) and underscored
standard-library hooks (`_rawHashValue`, `._withUnsafeGuaranteedRef`). The allow-list names each
use by file and by its line's code, with the reason; a use that is not listed, a listed use that
is gone, or one on a public declaration fails the check. Run it from the package root.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ALLOW_LIST = ROOT / ".ci" / "unsafe-allowlist.txt"

PATTERNS = [
    ("exclusivity", re.compile(r"@exclusivity\(unchecked\)")),
    ("unsafeBitCast", re.compile(r"\bunsafeBitCast\(")),
    ("unsafeDowncast", re.compile(r"\bunsafeDowncast\(")),
    ("unowned(unsafe)", re.compile(r"\bunowned\(unsafe\)")),
    ("Unmanaged", re.compile(r"\bUnmanaged\b")),
    ("nonisolated(unsafe)", re.compile(r"\bnonisolated\(unsafe\)")),
    ("@unchecked Sendable", re.compile(r"@unchecked\s+Sendable")),
    ("underscored attribute", re.compile(r"@_[A-Za-z]\w*")),
    ("underscored hook", re.compile(r"(?:\.|\bfunc\s+|\bvar\s+)_[A-Za-z]\w*")),
]
PUBLIC = re.compile(r"\b(public|open)\b")


def code_lines(path):
    """Yields (line number, code) with comments and the contents of string literals left out."""
    in_block = 0
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        code, index = [], 0
        in_string = False
        while index < len(line):
            pair = line[index : index + 2]
            if in_block:
                if pair == "*/":
                    in_block -= 1
                    index += 2
                    continue
                if pair == "/*":
                    in_block += 1
                    index += 2
                    continue
                index += 1
                continue
            char = line[index]
            if in_string:
                if char == "\\":
                    index += 2
                    continue
                if char == '"':
                    in_string = False
                    code.append(char)
                index += 1
                continue
            if pair == "//":
                break
            if pair == "/*":
                in_block += 1
                index += 2
                continue
            if char == '"':
                in_string = True
            code.append(char)
            index += 1
        yield number, "".join(code).strip()


def load_allow_list():
    entries = {}
    for number, raw in enumerate(ALLOW_LIST.read_text().splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        parts = [part.strip() for part in raw.split(" | ")]
        if len(parts) != 3 or not all(parts):
            sys.exit(f"{ALLOW_LIST.name}:{number}: expected 'path | code | reason', got: {raw}")
        path, code, reason = parts
        entries.setdefault((path, code), []).append(reason)
    return entries


def main():
    allowed = load_allow_list()
    found = {}
    failures = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = str(path.relative_to(ROOT))
        for number, code in code_lines(path):
            kinds = [name for name, pattern in PATTERNS if pattern.search(code)]
            if not kinds:
                continue
            found.setdefault((relative, code), []).append(number)
            if PUBLIC.search(code) and "@unchecked Sendable" not in kinds and "underscored attribute" not in kinds:
                failures.append(f"{relative}:{number}: {', '.join(kinds)} on a public declaration: {code}")
    for key, numbers in sorted(found.items()):
        listed = len(allowed.get(key, []))
        if listed < len(numbers):
            path, code = key
            failures.append(
                f"{path}:{numbers[0]}: unsafe code not on the allow-list: {code}\n"
                f"  Make it safe, or add '{path} | {code} | <the measured reason>' to "
                f".ci/unsafe-allowlist.txt")
    for key, reasons in sorted(allowed.items()):
        if len(found.get(key, [])) < len(reasons):
            failures.append(f"{ALLOW_LIST.name}: listed but not in the sources (remove it): {key[0]} | {key[1]}")
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    total = sum(len(numbers) for numbers in found.values())
    print(f"unsafe code: {total} uses in Sources/, each on the allow-list with its reason")


if __name__ == "__main__":
    main()
