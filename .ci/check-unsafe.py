#!/usr/bin/env python3
"""Fails on unsafe code in Sources/ that is not on the allow-list (.ci/unsafe-allowlist.txt).

Unsafe code here is every construct that turns off a check Swift would otherwise make:
`@exclusivity(unchecked)`, `unsafeBitCast`, `unsafeDowncast`, `unowned(unsafe)`, `Unmanaged`,
`nonisolated(unsafe)`, `@unchecked Sendable`, and every underscored name: an attribute
(`@_cdecl`, `@_exported`), a macro (`#_sourceLocation`), or any other name that starts with an
underscore (`_rawHashValue`, `._withUnsafeGuaranteedRef`, `any _HasCustomAnyHashableRepresentation`,
`func _rawHashValue(seed:)`), wherever it stands: called, implemented, named in a type or a
conformance list.

Underscored names are found by elimination, not by a list of the standard library's: every name
that starts with `_` is flagged unless the project itself declares it, so that a hook the
standard library adds later is caught too. The project declares an underscored name in two ways
only, both found in Sources/ by this script:
- the backing storage of a property wrapper it applies: `@State private var box` (or
  `@Read(spec) var dependency`) declares `_box` (`_dependency`), which its `init` assigns;
- a constant or variable it binds itself: `let _name` or `var _name` (a local, a stored property,
  a protocol's requirement);
- a type it declares: `struct _Name` (`class`, `enum`, `protocol`), such as `_ProxyHandle`,
  which `RegistrySpec` must name publicly and which is not API. A type cannot be a hook the
  standard library calls, as a function can.
Everything else is flagged, including a `func` with a leading underscore: implementing a
standard-library requirement (`func _rawHashValue(seed:)`) is exactly such a declaration, and
the project names none of its own functions that way. The `@inline` attribute's
`__always` argument is that attribute's only spelling and turns off no check: it is not counted.
Comments and the text of string literals are left out (interpolations are code).

The allow-list is grouped in four sections, each a header line `## <title>`:
- performance exemptions (`@exclusivity(unchecked)`, `unowned(unsafe)`, `unsafeDowncast`,
  `unsafeBitCast`): each reason starts with "measured at this site:" and what checking that one
  site costs (Benchmarks/measure-unsafe-sites.py), a measurement no other entry shares;
- concurrency escapes (`nonisolated(unsafe)`, `@unchecked Sendable`);
- linkage attributes (`@_cdecl`, `@_exported`);
- standard-library hooks (the other underscored names, and `Unmanaged`).
Every other line is `path | the line's code | reason`, or a comment (`#`). A use in a section of
another kind fails, as does a use that is not listed, a listed use that is gone, and one on a
public declaration. Run it from the package root.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ALLOW_LIST = ROOT / ".ci" / "unsafe-allowlist.txt"

PERFORMANCE = "Performance exemptions"
# How a performance exemption's reason starts: the measurement of its own site follows.
SITE_MEASUREMENT = "measured at this site:"
CONCURRENCY = "Concurrency escapes"
LINKAGE = "Linkage attributes"
HOOKS = "Standard-library hooks"

# (kind, pattern, the section its uses are listed in)
PATTERNS = [
    ("exclusivity", re.compile(r"@exclusivity\(unchecked\)"), PERFORMANCE),
    ("unowned(unsafe)", re.compile(r"\bunowned\(unsafe\)"), PERFORMANCE),
    ("unsafeDowncast", re.compile(r"\bunsafeDowncast\("), PERFORMANCE),
    ("unsafeBitCast", re.compile(r"\bunsafeBitCast\("), PERFORMANCE),
    ("nonisolated(unsafe)", re.compile(r"\bnonisolated\(unsafe\)"), CONCURRENCY),
    ("@unchecked Sendable", re.compile(r"@unchecked\s+Sendable"), CONCURRENCY),
    ("underscored attribute", re.compile(r"@_+[A-Za-z]\w*"), LINKAGE),
    ("Unmanaged", re.compile(r"\bUnmanaged\b"), HOOKS),
    ("underscored macro", re.compile(r"#_+[A-Za-z]\w*"), HOOKS),
]
SECTIONS = [PERFORMANCE, CONCURRENCY, LINKAGE, HOOKS]
# An underscored name not preceded by a name's character, `@`, `#` or `$` (those are attributes,
# macros and projected values); `@inline(__always)` is taken out before.
UNDERSCORED = re.compile(r"(?<![\w@#$])_+[A-Za-z]\w*")
INLINE_ALWAYS = re.compile(r"@inline\(__always\)")
PUBLIC = re.compile(r"\b(public|open)\b")
# What the project declares: a wrapped property (an attribute naming a type, then `var name`),
# whose storage is `_name`; and an underscored constant or variable.
WRAPPED = re.compile(
    r"@(?!MainActor\b)[A-Z][\w.]*(?:\([^()]*\))?\s+"
    r"(?:(?:private|fileprivate|internal|package|public|open|static|final|lazy|nonisolated)"
    r"(?:\(set\))?\s+)*var\s+(\w+)")
BOUND = re.compile(r"\b(?:let|var)\s+(_+[A-Za-z]\w*)")
TYPE = re.compile(r"\b(?:struct|class|enum|protocol)\s+(_+[A-Za-z]\w*)")


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
        names.update(TYPE.findall(text))
    return names


def load_allow_list():
    entries = {}
    section = None
    for number, raw in enumerate(ALLOW_LIST.read_text().splitlines(), start=1):
        line = raw.strip()
        if line.startswith("## "):
            title = line[3:].strip()
            if title not in SECTIONS:
                sys.exit(f"{ALLOW_LIST.name}:{number}: unknown section '{title}' "
                         f"(one of: {', '.join(SECTIONS)})")
            section = title
            continue
        if not line or line.startswith("#"):
            continue
        parts = [part.strip() for part in raw.split(" | ")]
        if len(parts) != 3 or not all(parts):
            sys.exit(f"{ALLOW_LIST.name}:{number}: expected 'path | code | reason', got: {raw}")
        if section is None:
            sys.exit(f"{ALLOW_LIST.name}:{number}: an entry before the first section header")
        path, code, reason = parts
        entries.setdefault((path, code), []).append((section, reason, number))
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
            kinds = [(name, section) for name, pattern, section in PATTERNS if pattern.search(code)]
            names = [
                name for name in UNDERSCORED.findall(INLINE_ALWAYS.sub("", code)) if name not in own
            ]
            if names:
                kinds.append((f"underscored name {', '.join(names)}", HOOKS))
            if not kinds:
                continue
            found.setdefault((relative, code), []).append((number, kinds))
            # A public declaration may conform to `Sendable` unchecked, and `@_exported` or
            # `@_cdecl` may stand on one; nothing else unsafe may.
            if PUBLIC.search(code) and any(
                name not in ("@unchecked Sendable", "underscored attribute") for name, _ in kinds
            ):
                failures.append(
                    f"{relative}:{number}: {', '.join(name for name, _ in kinds)} on a public "
                    f"declaration: {code}")
    for key, uses in sorted(found.items()):
        path, code = key
        listed = allowed.get(key, [])
        number, kinds = uses[0]
        if len(listed) < len(uses):
            section = min((section for _, section in kinds), key=SECTIONS.index)
            failures.append(
                f"{path}:{number}: unsafe code not on the allow-list ({', '.join(k for k, _ in kinds)}): "
                f"{code}\n  Make it safe, or add '{path} | {code} | <the reason>' to the section "
                f"'## {section}' of .ci/unsafe-allowlist.txt")
            continue
        # The section of an entry: the first of the kinds its line has, in the sections' order
        # (a line with `@exclusivity(unchecked)` and `unowned(unsafe)` is a performance exemption;
        # one with `Unmanaged` and an underscored name, a hook).
        expected = min((section for _, section in kinds), key=SECTIONS.index)
        for section, reason, line in listed:
            if section != expected:
                failures.append(
                    f"{ALLOW_LIST.name}:{line}: listed under '{section}', belongs under "
                    f"'{expected}': {path} | {code}")
    # A performance exemption is justified by what checking its own site costs, measured there
    # (Benchmarks/measure-unsafe-sites.py): no two share a measurement.
    measurements = {}
    for key, listed in sorted(allowed.items()):
        for section, reason, line in listed:
            if section != PERFORMANCE:
                continue
            if not reason.startswith(SITE_MEASUREMENT):
                failures.append(
                    f"{ALLOW_LIST.name}:{line}: a performance exemption's reason starts with "
                    f"'{SITE_MEASUREMENT}' and the cost of checking that site "
                    f"(Benchmarks/measure-unsafe-sites.py): {key[0]} | {key[1]}")
                continue
            measurement = reason[len(SITE_MEASUREMENT):].split(";", 1)[0].strip()
            if measurement in measurements:
                failures.append(
                    f"{ALLOW_LIST.name}:{line}: shares its measurement with line "
                    f"{measurements[measurement]}; each site gives its own: {key[0]} | {key[1]}")
            else:
                measurements[measurement] = line
    for key, listed in sorted(allowed.items()):
        if len(found.get(key, [])) < len(listed):
            failures.append(
                f"{ALLOW_LIST.name}:{listed[-1][2]}: listed but not in the sources (remove it): "
                f"{key[0]} | {key[1]}")
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    total = sum(len(uses) for uses in found.values())
    counts = {section: 0 for section in SECTIONS}
    for listed in allowed.values():
        for section, _, _ in listed:
            counts[section] += 1
    summary = ", ".join(f"{counts[section]} {section.lower()}" for section in SECTIONS)
    print(f"unsafe code: {total} uses in Sources/, each on the allow-list with its reason ({summary})")


if __name__ == "__main__":
    main()
