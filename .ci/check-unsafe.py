#!/usr/bin/env python3
"""Fails on unsafe code in Sources/ that is not on the allow-list (.ci/unsafe-allowlist.txt).

Unsafe code here is every construct that turns off a check Swift would otherwise make:
`@exclusivity(unchecked)`, `unsafeBitCast`, `unsafeDowncast`, `unowned(unsafe)`, `Unmanaged`,
`nonisolated(unsafe)`, `@unchecked Sendable`, and every underscored name: an attribute
(`@_cdecl`, `@_exported`), a macro (`#_sourceLocation`), or any other name that starts with an
underscore (`_rawHashValue`, `._withUnsafeGuaranteedRef`, `any _HasCustomAnyHashableRepresentation`),
wherever it stands: called, implemented, named in a type or a conformance list.

Underscored names are found by elimination, not by a list of the standard library's: every name
that starts with `_` is flagged unless the project itself declares it, so that a hook the
standard library adds later is caught too. The project declares an underscored name in two ways
only: the backing storage of a property wrapper it applies (`@State private var box` declares
`_box`), and a constant or variable it binds itself (`let _name`). The `@inline` attribute's
`__always` argument turns off no check and is not counted. Comments and the text of string
literals are left out (interpolations are code).

The allow-list names each
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
    ("underscored attribute", re.compile(r"@_+[A-Za-z]\w*")),
    ("underscored macro", re.compile(r"#_+[A-Za-z]\w*")),
]
# An underscored name not preceded by a name's character, `@`, `#` or `$` (those are attributes,
# macros and projected values); `@inline(__always)` is taken out before.
UNDERSCORED = re.compile(r"(?<![\w@#$])_+[A-Za-z]\w*")
INLINE_ALWAYS = re.compile(r"@inline\(__always\)")
# What the project declares: a wrapped property (an attribute naming a type, then `var name`),
# whose storage is `_name`; and an underscored constant or variable.
WRAPPED = re.compile(
    r"@(?!MainActor\b)[A-Z][\w.]*(?:\([^()]*\))?\s+"
    r"(?:(?:private|fileprivate|internal|package|public|open|static|final|lazy|nonisolated)"
    r"(?:\(set\))?\s+)*var\s+(\w+)")
BOUND = re.compile(r"\b(?:let|var)\s+(_+[A-Za-z]\w*)")
PUBLIC = re.compile(r"\b(public|open)\b")


def code_lines(path):
    """Yields (line number, code) with comments and the text of string literals left out.

    Multi-line string literals are followed across lines; an interpolation `\\(...)` in a string
    is kept as code.
    """
    in_block = 0
    # The strings being read, innermost last: the quote that closes each ('"' or '\"\"\"'), and
    # how many parentheses deep its interpolation is (0: in the string's text).
    strings = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        code, index = [], 0
        # A single-line string cannot continue on the next line.
        strings = [entry for entry in strings if entry[0] == '"""']
        while index < len(line):
            pair = line[index : index + 2]
            if in_block:
                if pair == "*/":
                    in_block -= 1
                    index += 2
                elif pair == "/*":
                    in_block += 1
                    index += 2
                else:
                    index += 1
                continue
            char = line[index]
            if strings and strings[-1][1] == 0:
                quote = strings[-1][0]
                if char == "\\" and line[index + 1 : index + 2] == "(":
                    strings[-1][1] = 1
                    code.append("(")
                    index += 2
                    continue
                if char == "\\":
                    index += 2
                    continue
                if line.startswith(quote, index):
                    strings.pop()
                    code.append(quote)
                    index += len(quote)
                    continue
                index += 1
                continue
            if pair == "//":
                break
            if pair == "/*":
                in_block += 1
                index += 2
                continue
            if char == '"':
                quote = '"""' if line.startswith('"""', index) else '"'
                strings.append([quote, 0])
                code.append(quote)
                index += len(quote)
                continue
            if strings and char == "(":
                strings[-1][1] += 1
            elif strings and char == ")":
                strings[-1][1] -= 1
            code.append(char)
            index += 1
        yield number, "".join(code).strip()


def own_underscored_names(sources):
    """The underscored names the project declares itself (see the module's docstring)."""
    names = set()
    for lines in sources.values():
        text = "\n".join(code for _, code in lines)
        names.update("_" + name for name in WRAPPED.findall(text))
        names.update(BOUND.findall(text))
    return names


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
    sources = {}
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        sources[str(path.relative_to(ROOT))] = list(code_lines(path))
    own = own_underscored_names(sources)
    allowed = load_allow_list()
    found = {}
    failures = []
    for relative, lines in sources.items():
        for number, code in lines:
            kinds = [name for name, pattern in PATTERNS if pattern.search(code)]
            names = [
                name for name in UNDERSCORED.findall(INLINE_ALWAYS.sub("", code)) if name not in own
            ]
            if names:
                kinds.append(f"underscored name {', '.join(names)}")
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
