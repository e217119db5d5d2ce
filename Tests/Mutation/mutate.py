#!/usr/bin/env python3
"""Mutation testing of Registry's core: seeds one small bug at a time into the sources, rebuilds
incrementally, runs the tests and records whether they noticed.

Mutants are generated mechanically from the Swift sources of the core (Sources/Registry/Engine,
Configuration, Binding, Hosts, ViewModel, Services, Interfaces and Sources/RegistryTesting). Only code inside function bodies,
accessors and closures is mutated: comments, strings, `#if` lines and declarations are left alone.
See Tests/README.md for the operators, the choices that keep a full run to a few hundred mutants,
and how to read the report.

Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = [
    "Sources/Registry/Engine",
    "Sources/Registry/Configuration",
    "Sources/Registry/Binding",
    "Sources/Registry/Hosts",
    "Sources/Registry/ViewModel",
    "Sources/Registry/Services",
    "Sources/Registry/Interfaces",
    "Sources/RegistryTesting",
]
EQUIVALENT_FILE = Path(__file__).resolve().parent / "equivalent.txt"
# The whole suite: its wall time is that of its slowest test, so a filter saves nothing.
DEFAULT_FILTER = ""
# Integer literals at or above this are limits against runaway loops, not logic: not mutated.
MAX_LITERAL = 1000

OPERATORS = ("relational", "boolean", "negation", "delete", "early-return", "swap", "off-by-one",
             "order", "drop-operand", "if-body", "move")
# Not thinned: the operators that look past one token.
UNTHINNED = ("order", "drop-operand", "if-body", "move")

# --- Lexing: which characters are code ------------------------------------------------------


def code_mask(src: str) -> list[bool]:
    """True for each character of code; False inside comments and string literals (including
    their delimiters and interpolations)."""
    n = len(src)
    mask = [True] * n
    i = 0

    def blank(a: int, b: int) -> None:
        for k in range(a, min(b, n)):
            mask[k] = False

    def skip_string(i: int) -> int:
        # i points at the first '#' or '"'. Returns the index after the literal.
        hashes = 0
        while i < n and src[i] == "#":
            hashes += 1
            i += 1
        multi = src.startswith('"""', i)
        i += 3 if multi else 1
        close = ('"""' if multi else '"') + "#" * hashes
        while i < n:
            c = src[i]
            if c == "\\" and src.startswith("#" * hashes, i + 1):
                j = i + 1 + hashes
                if j < n and src[j] == "(":
                    i = skip_balanced(j)
                    continue
                i = j + 1
                continue
            if src.startswith(close, i):
                return i + len(close)
            if c == "\n" and not multi:
                return i
            i += 1
        return n

    def skip_balanced(i: int) -> int:
        # i points at '('; returns index after its matching ')', skipping nested literals.
        depth = 0
        while i < n:
            c = src[i]
            if c == '"' or (c == "#" and re.match(r'#+"', src[i:i + 8])):
                i = skip_string(i)
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return n

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif src.startswith("/*", i):
            depth, j = 0, i
            while j < n:
                if src.startswith("/*", j):
                    depth += 1
                    j += 2
                elif src.startswith("*/", j):
                    depth -= 1
                    j += 2
                    if depth == 0:
                        break
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', src[i:i + 8])):
            j = skip_string(i)
            blank(i, j)
            i = j
        else:
            i += 1
    return mask


# --- Scopes: which braces open code ---------------------------------------------------------

TYPE_KEYWORDS = {"struct", "class", "enum", "extension", "protocol", "actor"}
SCOPE_KEYWORDS = re.compile(
    r"\b(struct|class|enum|extension|protocol|actor|func|init|deinit|subscript|var|let|get|set"
    r"|willSet|didSet|if|guard|for|while|switch|do|catch|else|repeat|defer)\b")
NAME_AFTER = re.compile(r"\b(?:func|var|let)\s+([A-Za-z_]\w*)")
# Bodies not worth mutating: how a value prints.
SKIPPED_BODIES = {"description", "debugDescription", "customMirror", "playgroundDescription"}


@dataclass
class Scope:
    kind: str  # "type" or "code"
    open: int  # index of '{'
    close: int = -1
    header: str = ""
    owner: str = ""  # the func/var whose body this is (innermost declaration)
    void_func: bool = False  # a func or setter body returning nothing
    returns_value: bool = False  # a func with a result, a getter, a computed property
    skipped: bool = False  # inside a body named in SKIPPED_BODIES, or an init


def scopes_of(src: str, mask: list[bool]) -> list[Scope]:
    code = "".join(ch if m else " " for ch, m in zip(src, mask))
    stack: list[Scope] = []
    result: list[Scope] = []
    boundary = 0
    for i, ch in enumerate(code):
        if ch == "{":
            header = code[boundary:i]
            parent = stack[-1] if stack else None
            keywords = SCOPE_KEYWORDS.findall(header)
            last = keywords[-1] if keywords else ""
            if parent is not None and parent.kind == "code":
                kind = "code"
            else:
                kind = "type" if last in TYPE_KEYWORDS else "code"
            scope = Scope(kind=kind, open=i, header=header)
            if kind == "code":
                names = NAME_AFTER.findall(header)
                if last in ("func", "init", "deinit", "get", "set", "willSet", "didSet", "var"):
                    scope.owner = last if last in ("init", "deinit") else (names[-1] if names else last)
                elif parent is not None:
                    scope.owner = parent.owner
                fn = header.rfind("func ")
                if last == "func" and "->" not in header[fn:].replace("-> Void", ""):
                    scope.void_func = "-> Void" in header[fn:] or "->" not in header[fn:]
                elif last in ("set", "willSet", "didSet") and parent is not None and parent.kind == "code":
                    scope.void_func = True
                scope.returns_value = (last == "func" and not scope.void_func) or last in (
                    "var", "get", "subscript")
                scope.skipped = (
                    scope.owner in SKIPPED_BODIES or scope.owner in ("init", "deinit")
                    or (parent is not None and parent.skipped))
            stack.append(scope)
            result.append(scope)
            boundary = i + 1
        elif ch == "}":
            if stack:
                stack.pop().close = i
            boundary = i + 1
        elif ch == ";":
            boundary = i + 1
    return result


# --- Mutants --------------------------------------------------------------------------------


@dataclass
class Mutant:
    file: str
    line: int  # 1-based, first line affected
    column: int
    operator: str
    start: int  # character range replaced
    end: int
    replacement: str
    original: str = ""  # the affected lines, before and after (stripped, joined by " ⏎ ")
    mutated: str = ""

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}:{self.column}:{self.operator}"


REL = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "===": "!==",
       "!==": "==="}
REL_RE = re.compile(r"(?<= )(===|!==|==|!=|<=|>=|<|>)(?= )")
BOOL_RE = re.compile(r"(?<= )(&&|\|\|)(?= )")
LIT_BOOL_RE = re.compile(r"\b(true|false)\b")
NOT_RE = re.compile(r"(?<![\w)\]!?.])!(?=[\w(.$])")
INT_RE = re.compile(r"(?<![\w.$])(\d[\d_]*)(?![\w.])")
RANGE_RE = re.compile(r"(?<=[\w)\]])(\.\.<|\.\.\.)(?=[\w(])")
# Lines not mutated at all: debug-only checks, crashes and printing.
SKIP_LINE = re.compile(
    r"^\s*(#|@)|\b(assert|assertionFailure|precondition|preconditionFailure|fatalError|print"
    r"|debugPrint|dump)\s*\(|\b(reserveCapacity|keepingCapacity)\b")
# Statement heads that are not plain statements: deleting or moving them does not compile or
# only moves braces.
NOT_SIMPLE = re.compile(
    r"^(let|var|return|guard|if|else|for|while|switch|case|default|do|catch|defer|throw|break"
    r"|continue|fallthrough|repeat|func|struct|class|enum|extension|typealias|import|nonisolated"
    r"|private|fileprivate|public|internal|static|final|lazy|weak|unowned|where|in|async let|get"
    r"|set|willSet|didSet|_read|_modify)\b"
    r"|^[})\].,&|?:+\-*/<>=]|\bin$|^\$|^\{")


class SourceFile:
    def __init__(self, root: Path, rel: str):
        self.rel = rel
        self.text = (root / rel).read_text()
        self.mask = code_mask(self.text)
        self.scopes = scopes_of(self.text, self.mask)
        self.line_starts = [0]
        for i, ch in enumerate(self.text):
            if ch == "\n":
                self.line_starts.append(i + 1)
        self.lines = self.text.split("\n")
        # Innermost scope of each character: computed per line start and queried per position.
        self._opens = sorted(self.scopes, key=lambda s: s.open)

    def scope_at(self, pos: int) -> Scope | None:
        best = None
        for s in self._opens:
            if s.open >= pos:
                break
            if s.close < 0 or s.close >= pos:
                best = s
        return best

    def body_at(self, pos: int) -> Scope | None:
        """The outermost code scope around pos: the function, accessor or closure body."""
        s = self.scope_at(pos)
        while s is not None and s.kind == "code":
            parent = self.scope_at(s.open)
            if parent is None or parent.kind != "code":
                return s
            s = parent
        return None

    def mutable_at(self, pos: int) -> bool:
        if not self.mask[pos]:
            return False
        s = self.scope_at(pos)
        return s is not None and s.kind == "code" and not s.skipped

    def line_of(self, pos: int) -> int:
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo  # 0-based

    def code_of_line(self, ln: int) -> str:
        a = self.line_starts[ln]
        line = self.lines[ln]
        return "".join(ch if self.mask[a + k] else " " for k, ch in enumerate(line))


def describe(sf: SourceFile, m: Mutant) -> None:
    first = sf.line_of(m.start)
    last = sf.line_of(max(m.start, m.end - 1))
    a, b = sf.line_starts[first], sf.line_starts[last] + len(sf.lines[last])
    before = sf.text[a:b]
    after = sf.text[a:m.start] + m.replacement + sf.text[m.end:b]
    norm = lambda s: " ⏎ ".join(x.strip() for x in s.split("\n") if x.strip())
    m.original, m.mutated = norm(before), norm(after) or "(deleted)"
    m.line, m.column = first + 1, m.start - a + 1


ASSIGNMENT = re.compile(r" (=|\+=|-=|\*=|/=|&=|\|=) ")
OPERATOR_IN_EXPRESSION = re.compile(r" (\?\?|\?|==|!=|===|!==|<|<=|>|>=|&&|\|\|) ")


def has_effect(text: str) -> bool:
    """Whether a statement does something besides giving a value: an assignment, or a call
    (possibly `try`/`await`) whose result is not combined with anything. A bare expression is
    the value of a single-expression body, and without it the body would not compile."""
    if ASSIGNMENT.search(text):
        return True
    return text.rstrip().endswith((")", "}")) and not OPERATOR_IN_EXPRESSION.search(text) \
        and not text.lstrip().startswith("(")


def sole_statement(sf: SourceFile, scope: Scope, first: int, last: int) -> bool:
    """Whether lines first...last are all the code of the block `scope`."""
    a, b = sf.line_of(scope.open), sf.line_of(scope.close)
    others = [k for k in range(a + 1, b) if (k < first or k > last) and sf.code_of_line(k).strip()]
    return not others


def statements(sf: SourceFile) -> list[tuple[int, int, Scope]]:
    """Simple statements as (first line, last line, scope), 0-based: lines of code that start at
    the top of a code block and balance their brackets."""
    result = []
    ln, total = 0, len(sf.lines)
    while ln < total:
        code = sf.code_of_line(ln)
        stripped = code.strip()
        if not stripped:
            ln += 1
            continue
        start = sf.line_starts[ln] + (len(code) - len(code.lstrip()))
        scope = sf.scope_at(start)
        # Balance brackets over following lines.
        depth, end = 0, ln
        for k in range(ln, min(total, ln + 12)):
            c = sf.code_of_line(k)
            depth += sum(c.count(x) for x in "([{") - sum(c.count(x) for x in ")]}")
            end = k
            if depth <= 0:
                break
        nxt = sf.code_of_line(end + 1).strip() if end + 1 < total else ""
        prev = sf.code_of_line(ln - 1).rstrip() if ln > 0 else ""
        continued = prev and prev[-1] in "=,(&|+-*/.?:[" or prev.endswith(" in")
        continues = nxt[:1] in (".", "&", "|", "?", ":", "+", "*", "/") or nxt.startswith("- ")
        text = " ".join(sf.code_of_line(k).strip() for k in range(ln, end + 1))
        if (depth == 0 and scope is not None and scope.kind == "code" and not scope.skipped
                and not continued and not continues and not NOT_SIMPLE.search(stripped)
                and not SKIP_LINE.search(" ".join(sf.lines[ln:end + 1]))
                and not text.endswith("{") and not re.search(r"\{\s*$", code) and has_effect(text)
                and sf.scope_at(sf.line_starts[end] + len(sf.lines[end])) is scope
                and not (scope.returns_value and sole_statement(sf, scope, ln, end))):
            result.append((ln, end, scope))
            ln = end + 1
        elif depth == 0 and "{" not in text:
            ln = end + 1
        else:
            ln += 1
    return result


# --- The operators that look past one token ------------------------------------------------

# A comparison that decides an order, and its reverse.
ORDER_RE = re.compile(r"(?<= )(<=|>=|<|>)(?= )")
FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}
# A closure that orders (`sorted { … }`, `min(by: { … })`), or a function passed to order by name.
ORDER_CLOSURE = re.compile(r"\b(?:sorted|sort|min|max)\s*(?:\(\s*by:\s*)?\{")
ORDER_BY_NAME = re.compile(r"\b(?:sorted|sort|min|max)\s*\(\s*by:\s*([A-Za-z_]\w*)\s*\)")
# Functions that are comparisons by their name: `comes(before:)`, `newestFirst`, `precedes`.
ORDER_FUNC_NAME = re.compile(r"^(comes|precedes|isOrderedBefore|\w+First|\w+Before)$")


def masked(sf: SourceFile) -> str:
    """The text with comments and string literals blanked (newlines kept)."""
    return "".join(ch if m or ch == "\n" else " " for ch, m in zip(sf.text, sf.mask))


def ordering_bodies(sf: SourceFile) -> list[tuple[int, int]]:
    """Character ranges of the closures passed to `sorted`, `sort`, `min` and `max`, and of the
    bodies of the comparison functions such calls name or that are named as comparisons."""
    code = masked(sf)
    closes = {sc.open: sc.close for sc in sf.scopes}
    ranges = []
    for mt in ORDER_CLOSURE.finditer(code):
        brace = mt.end() - 1
        if closes.get(brace, -1) > brace:
            ranges.append((brace, closes[brace]))
    names = {mt.group(1) for mt in ORDER_BY_NAME.finditer(code)}
    for sc in sf.scopes:
        header = sc.header.strip()
        mt = re.search(r"\bfunc\s+([A-Za-z_]\w*)\s*\(", header)
        if mt is None or sc.close < 0 or not re.search(r"->\s*Bool\s*$", header):
            continue
        if mt.group(1) in names or ORDER_FUNC_NAME.match(mt.group(1)):
            ranges.append((sc.open, sc.close))
    return ranges


STOP_WORDS = {"if", "guard", "while", "where", "return", "case", "else", "repeat", "in", "throw",
              "switch", "let", "var"}


def _operand_start(code: str, p: int, stops: tuple[str, ...]) -> int:
    """Where the left operand of the operator at p begins."""
    depth, i = 0, p - 1
    while i >= 0:
        c = code[i]
        if c in ")]}":
            depth += 1
        elif c in "([{":
            if depth == 0:
                return i + 1
            depth -= 1
        elif depth == 0:
            if c in ",;:":
                return i + 1
            if c == "?" and code[i + 1:i + 2] == " ":
                return i + 1
            if c == "=" and code[i - 1:i] not in ("=", "!", "<", ">") and code[i + 1:i + 2] != "=":
                return i + 1
            if any(code.startswith(op, i - len(op) + 1) for op in stops):
                return i + 1
            if c == "\n":
                before = code[code.rfind("\n", 0, i) + 1:i].strip()
                after = code[i + 1:p].strip()
                if after and not before.endswith(("&&", "||")):
                    return i + 1
            if c.isspace():
                word = re.search(r"(\w+)$", code[max(0, i - 12):i])
                if word and word.group(1) in STOP_WORDS:
                    return i + 1
        i -= 1
    return 0


def _operand_end(code: str, q: int, stops: tuple[str, ...]) -> int:
    """Where the right operand that starts at q ends."""
    depth, i, n = 0, q, len(code)
    while i < n:
        c = code[i]
        if c in "([":
            depth += 1
        elif c == "{":
            if depth == 0:
                return i
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif depth == 0:
            if c in ",;:":
                return i
            if c == "?" and code[i - 1:i] == " " and code[i + 1:i + 2] == " ":
                return i
            if any(code.startswith(op, i) for op in stops):
                return i
            if c == "\n":
                after = code[i + 1:code.find("\n", i + 1) if code.find("\n", i + 1) >= 0 else n]
                if code[q:i].strip() and not after.strip().startswith(("&&", "||", ".")):
                    return i
            if re.match(r"else\b", code[i:i + 5]) and code[i - 1:i].isspace():
                return i
        i += 1
    return n


def dropped_operands(sf: SourceFile) -> list[tuple[int, int]]:
    """For each `&&` and `||`: the range that drops its left operand with it, and the one that
    drops its right operand with it (`a || b` becomes `b`, and `a`), in conditions, `where`
    clauses, guards and expressions alike."""
    code = masked(sf)
    result = []
    for mt in re.finditer(r"(?<=\s)(&&|\|\|)(?=\s)", code):
        p, op = mt.start(), mt.group(1)
        if not sf.mutable_at(p) or SKIP_LINE.search(sf.lines[sf.line_of(p)]):
            continue
        stops = ("&&", "||") if op == "&&" else ("||",)
        a = _operand_start(code, p, stops)
        while a < p and code[a].isspace():
            a += 1
        left_end = p
        while left_end > a and code[left_end - 1].isspace():
            left_end -= 1
        q = p + 2
        while q < len(code) and code[q].isspace():
            q += 1
        b = _operand_end(code, q, stops)
        while b > q and code[b - 1].isspace():
            b -= 1
        left, right = code[a:left_end], code[q:b]
        if not left.strip() or not right.strip():
            continue
        if re.search(r"\b(let|var|case)\b", left + right):
            continue
        # A closure whose only use of `$0` is dropped would take no argument: it would not
        # compile.
        left_keeps, right_keeps = "$" in left, "$" in right
        if right_keeps or not left_keeps:
            result.append((a, q))
        if left_keeps or not right_keeps:
            result.append((left_end, b))
    return result


def one_line_if_bodies(sf: SourceFile) -> list[tuple[int, int]]:
    """The braces of each `if` whose body opens and closes on the line of the `if`."""
    result = []
    for ln in range(len(sf.lines)):
        code = sf.code_of_line(ln)
        head = re.match(r"\s*if\b", code)
        if not head or SKIP_LINE.search(sf.lines[ln]):
            continue
        # An `if` that is an expression (a value on each branch): emptying a branch would not
        # compile.
        above = sf.code_of_line(ln - 1).rstrip() if ln > 0 else ""
        if above.endswith(("=", "return")) or re.search(r"\}\s*else\s*\{", code):
            continue
        base = sf.line_starts[ln]
        if not sf.mutable_at(base + head.end() - 1):
            continue
        parens, open_at = 0, -1
        for k in range(head.end(), len(code)):
            c = code[k]
            if c in "([":
                parens += 1
            elif c in ")]":
                parens -= 1
            elif c == "{" and parens == 0:
                open_at = k
                break
        if open_at < 0:
            continue
        depth, close_at = 0, -1
        for k in range(open_at, len(code)):
            if code[k] == "{":
                depth += 1
            elif code[k] == "}":
                depth -= 1
                if depth == 0:
                    close_at = k
                    break
        if close_at < 0 or not code[open_at + 1:close_at].strip():
            continue
        result.append((base + open_at, base + close_at + 1))
    return result


# Statements a call is not moved past: labels, conditional compilation, the end of the block,
# declarations, and `defer` (which runs at the end of the block wherever it is written).
NOT_PAST = re.compile(
    r"^(case\b|default\b|#|@|return\b|throw\b|break\b|continue\b|fallthrough\b|defer\b|func\b"
    r"|struct\b|class\b|enum\b|typealias\b)")


LITERAL_DECLARATION = re.compile(
    r"^(let|var)\s+\w+(\s*:\s*[^=]+)?\s*=\s*(\[\]|\[:\]|nil|true|false|-?\d+|\"\"|\w+\(\))\s*$")


def block_statements(sf: SourceFile) -> dict[int, list[tuple[int, int]]]:
    """The statements directly in each code block, as (first line, last line), keyed by the
    block's opening brace."""
    blocks: dict[int, list[tuple[int, int]]] = {}
    total = len(sf.lines)
    for sc in sf.scopes:
        if sc.kind != "code" or sc.skipped or sc.close < 0:
            continue
        first, last = sf.line_of(sc.open), sf.line_of(sc.close)
        if first == last:
            continue
        items = []
        ln = first + 1
        while ln < last:
            code = sf.code_of_line(ln)
            if not code.strip():
                ln += 1
                continue
            start = sf.line_starts[ln] + len(code) - len(code.lstrip())
            if sf.scope_at(start) is not sc:
                ln += 1
                continue
            if code.lstrip().startswith("{") and items:
                # The body of a statement whose condition spans lines: part of it.
                depth, end = 0, ln
                for k in range(ln, last):
                    c = sf.code_of_line(k)
                    depth += sum(c.count(x) for x in "([{") - sum(c.count(x) for x in ")]}")
                    end = k
                    if depth <= 0:
                        break
                items[-1] = (items[-1][0], end)
                ln = end + 1
                continue
            depth, end = 0, ln
            k = ln
            while k < last:
                c = sf.code_of_line(k)
                depth += sum(c.count(x) for x in "([{") - sum(c.count(x) for x in ")]}")
                end = k
                nxt = sf.code_of_line(k + 1).strip() if k + 1 < total else ""
                stripped = c.rstrip()
                if depth <= 0 and not (stripped and stripped[-1] in "=,(&|+-*/.?:[") \
                        and not stripped.endswith(" in") \
                        and not nxt.startswith((".", "else", "catch", "&&", "||", "? ", ": ")):
                    break
                k += 1
            items.append((ln, end))
            ln = end + 1
        blocks[sc.open] = items
    return blocks


def moved_calls(sf: SourceFile, stmts: list[tuple[int, int, Scope]]) -> list[tuple[int, int, str]]:
    """Each call statement moved one statement up and one statement down in its block, as
    (start, end, replacement): the two statements change places, comments between them stay
    above the one that comes first."""
    blocks = block_statements(sf)
    result = []
    movable = [(first, last, scope) for first, last, scope in stmts]
    # A one-line `if` whose body is a call is a call too, made on a condition.
    for a, b in one_line_if_bodies(sf):
        ln = sf.line_of(a)
        body = sf.text[a + 1:b - 1].strip()
        if re.match(r"^[\w.?!]+(\(.*\))?$", body) and not NOT_PAST.search(body) and "(" in body:
            head = sf.line_starts[ln] + len(sf.lines[ln]) - len(sf.lines[ln].lstrip())
            scope = sf.scope_at(head)
            if scope is not None and scope.kind == "code" and not scope.skipped:
                movable.append((ln, ln, scope))
    for first, last, scope in movable:
        text = " ".join(sf.code_of_line(k).strip() for k in range(first, last + 1))
        if ASSIGNMENT.search(text) and not text.startswith(("_ = ", "if ")):
            continue
        items = blocks.get(scope.open, [])
        if (first, last) not in items:
            continue
        index = items.index((first, last))
        for other in (index - 1, index + 1):
            if other < 0 or other >= len(items):
                continue
            o_first, o_last = items[other]
            o_text = " ".join(sf.code_of_line(k).strip() for k in range(o_first, o_last + 1))
            if NOT_PAST.search(o_text) or SKIP_LINE.search(" ".join(sf.lines[o_first:o_last + 1])):
                continue
            if LITERAL_DECLARATION.match(o_text):
                # A local made from a literal: no call can depend on when it is made.
                continue
            declared = set(re.findall(r"\b(?:let|var)\s+([A-Za-z_]\w*)", o_text))
            for group in re.findall(r"\b(?:let|var)\s*\(([^)]*)\)", o_text):
                declared |= {x.strip() for x in group.split(",")}
            # Names the neighbour declares or assigns: a call that uses one cannot move past it.
            declared |= set(re.findall(r"(?<![.\w])([A-Za-z_]\w*)\s*=(?!=)", o_text))
            if any(re.search(rf"\b{re.escape(name)}\b", text) for name in declared if name):
                continue
            (a1, l1), (a2, l2) = sorted([(first, last), (o_first, o_last)])
            upper = sf.lines[a1:l1 + 1]
            gap = sf.lines[l1 + 1:a2]
            lower = sf.lines[a2:l2 + 1]
            start = sf.line_starts[a1]
            end = sf.line_starts[l2] + len(sf.lines[l2])
            result.append((start, end, "\n".join(gap + lower + upper)))
    return result


def generate(sf: SourceFile, thin: bool = True) -> list[Mutant]:
    out: list[Mutant] = []
    text = sf.text

    def add(op, start, end, repl):
        m = Mutant(sf.rel, 0, 0, op, start, end, repl)
        describe(sf, m)
        out.append(m)

    # Token operators, line by line: every occurrence on the line.
    for ln, line in enumerate(sf.lines):
        if SKIP_LINE.search(line):
            continue
        base = sf.line_starts[ln]
        found: list[tuple[int, str, int, int, str]] = []
        for mt in REL_RE.finditer(line):
            found.append((mt.start(), "relational", mt.start(), mt.end(), REL[mt.group(1)]))
        for mt in BOOL_RE.finditer(line):
            found.append((mt.start(), "boolean", mt.start(), mt.end(),
                          "||" if mt.group(1) == "&&" else "&&"))
        for mt in LIT_BOOL_RE.finditer(line):
            found.append((mt.start(), "boolean", mt.start(), mt.end(),
                          "false" if mt.group(1) == "true" else "true"))
        for mt in NOT_RE.finditer(line):
            found.append((mt.start(), "negation", mt.start(), mt.end(), ""))
        for mt in INT_RE.finditer(line):
            value = int(mt.group(1).replace("_", ""))
            if value < MAX_LITERAL:
                found.append((mt.start(), "off-by-one", mt.start(), mt.end(), str(value + 1)))
        for mt in RANGE_RE.finditer(line):
            found.append((mt.start(), "off-by-one", mt.start(), mt.end(),
                          "..." if mt.group(1) == "..<" else "..<"))
        for _, op, a, b, repl in sorted(f for f in found if sf.mutable_at(base + f[0])):
            add(op, base + a, base + b, repl)

    # Comparisons that decide an order, reversed.
    for a, b in ordering_bodies(sf):
        for mt in ORDER_RE.finditer(sf.text, a, b):
            pos = mt.start(1)
            if sf.mutable_at(pos) and not SKIP_LINE.search(sf.lines[sf.line_of(pos)]):
                add("order", pos, mt.end(1), FLIP[mt.group(1)])

    # Each operand of `&&` and `||` dropped, with its operator.
    for a, b in dropped_operands(sf):
        add("drop-operand", a, b, "")

    # The body of a one-line `if` emptied.
    for a, b in one_line_if_bodies(sf):
        add("if-body", a, b, "{}")

    stmts = statements(sf)
    # Statement deletion.
    for first, last, _ in stmts:
        a = sf.line_starts[first] + len(sf.lines[first]) - len(sf.lines[first].lstrip())
        b = sf.line_starts[last] + len(sf.lines[last])
        add("delete", a, b, "")
    # Swap of two adjacent single-line statements of the same block.
    for (f1, l1, s1), (f2, l2, s2) in zip(stmts, stmts[1:]):
        if f1 == l1 and f2 == l2 and f2 == l1 + 1 and s1 is s2:
            if sf.lines[f1].strip() == sf.lines[f2].strip():
                continue
            a = sf.line_starts[f1]
            b = sf.line_starts[f2] + len(sf.lines[f2])
            add("swap", a, b, sf.lines[f2] + "\n" + sf.lines[f1])
    # A call moved one statement up and one down within its block (a move past a one-line
    # statement the swap above already makes is not made again).
    swapped = {m.mutated for m in out if m.operator == "swap"}
    for a, b, repl in moved_calls(sf, stmts):
        m = Mutant(sf.rel, 0, 0, "move", a, b, repl)
        describe(sf, m)
        if m.mutated not in swapped:
            out.append(m)
    # Early return at the start of a Void function (or setter) body of two statements or more.
    for s in sf.scopes:
        if s.kind != "code" or not s.void_func or s.skipped or s.close < 0:
            continue
        parent = sf.scope_at(s.open)
        if parent is not None and parent.kind == "code" and not SCOPE_KEYWORDS.search(s.header):
            continue
        body = [x for x in text[s.open + 1:s.close].split("\n") if x.strip()]
        if len(body) < 2:
            continue
        add("early-return", s.open, s.open + 1, "{ return;")
    out.sort(key=lambda m: (m.start, OPERATORS.index(m.operator)))
    # The same change reached twice (a call moved down past a one-line `if` whose call moves
    # up; the middle operand of `a || b || c` dropped from either side) is one mutant.
    seen_changes: set[tuple[int, str]] = set()
    unique = []
    for m in out:
        change = (m.line, m.original + "\n" + m.mutated)
        if change not in seen_changes:
            seen_changes.add(change)
            unique.append(m)
    out = unique
    if not thin:
        return out
    # The operators that look past one token (an order, an operand, a one-line `if`'s body, a
    # call's place) are all kept: each is a bug of its own kind, with few candidates. The
    # others are thinned to one mutant per line, and one per three such lines of each function
    # body (at least one); the choice depends only on the text of the lines, so it stays the
    # same when code moves.
    def rank(m: Mutant) -> int:
        return zlib.crc32(f"{sf.lines[m.line - 1].strip()}|{m.operator}|{m.mutated}".encode())

    kept = [m for m in out if m.operator in UNTHINNED]
    by_line: dict[int, list[Mutant]] = {}
    for m in out:
        if m.operator not in UNTHINNED:
            by_line.setdefault(m.line, []).append(m)
    by_body: dict[int, list[Mutant]] = {}
    for group in by_line.values():
        m = min(group, key=rank)
        body = sf.body_at(m.start + (1 if m.operator == "early-return" else 0))
        by_body.setdefault(body.open if body else -1, []).append(m)
    chosen = kept
    for group in by_body.values():
        chosen += sorted(group, key=rank)[:(len(group) + 2) // 3]
    chosen.sort(key=lambda m: (m.start, OPERATORS.index(m.operator)))
    return chosen


def core_files(root: Path, only: list[str] | None) -> list[str]:
    files = []
    for folder in CORE:
        for p in sorted((root / folder).rglob("*.swift")):
            rel = p.relative_to(root).as_posix()
            if only and not any(rel == o or rel.endswith("/" + o) or o in rel for o in only):
                continue
            files.append(rel)
    return files


def all_mutants(root: Path, only: list[str] | None, thin: bool = True) -> list[Mutant]:
    result = []
    for rel in core_files(root, only):
        result.extend(generate(SourceFile(root, rel), thin=thin))
    return result


# --- Equivalent mutants ---------------------------------------------------------------------


@dataclass
class Equivalent:
    file: str
    original: str
    mutated: str
    reason: str

    def matches(self, m: Mutant) -> bool:
        return self.file == m.file and self.original == m.original and self.mutated == m.mutated


def read_equivalents(path: Path) -> list[Equivalent]:
    entries = []
    if not path.exists():
        return entries
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in raw.split(" | ", 3)]
        if len(parts) != 4:
            sys.exit(f"{path}:{number}: expected 'file | original | mutated | reason'")
        entries.append(Equivalent(*parts))
    return entries


# --- Running --------------------------------------------------------------------------------


def kill_session(session: int) -> None:
    """Kills every process of `session`. Not only the process group: `swift test` starts the
    test binary in a group of its own, which would outlive a group kill, keep the output pipe
    open and make the wait for it hang."""
    try:
        listing = subprocess.run(["ps", "-eo", "pid=,sess="], capture_output=True, text=True).stdout
    except OSError:
        listing = ""
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 2 and fields[1] == str(session):
            try:
                os.kill(int(fields[0]), signal.SIGKILL)
            except (ProcessLookupError, PermissionError, ValueError):
                pass
    try:
        os.killpg(session, signal.SIGKILL)
    except ProcessLookupError:
        pass


# A test that failed, as Swift Testing prints it the moment the issue is recorded.
FAILURE_LINE = re.compile(r"^\s*✘ ")
# The failure lines of the last run (`run`): they come early in a suite's output, before the
# tail it keeps.
FAILURES: list[str] = []


def run(cmd: list[str], cwd: Path, timeout: float, log,
        stop_at_failure: bool = False) -> tuple[str, float, str]:
    """Runs cmd in a session of its own; returns ("ok" | "failed" | "timeout", seconds, tail).
    With `stop_at_failure`, the first failure a test prints ends the run as "failed": the
    verdict is known, and the rest of the suite would only take time."""
    started = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True, text=True, errors="replace")
    chunks: list[str] = []
    failed = threading.Event()
    FAILURES.clear()

    def read() -> None:
        for line in proc.stdout:
            chunks.append(line)
            if FAILURE_LINE.match(line):
                FAILURES.append(line.rstrip())
                if stop_at_failure:
                    failed.set()
                    return
        proc.stdout.close()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    status = "ok"
    try:
        deadline = started + timeout
        while True:
            if failed.is_set():
                kill_session(proc.pid)
                proc.wait()
                status = "failed"
                break
            try:
                proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                if time.monotonic() > deadline:
                    kill_session(proc.pid)
                    proc.wait()
                    status = "timeout"
                    break
                continue
            reader.join(timeout=5)
            status = "failed" if failed.is_set() or proc.returncode != 0 else "ok"
            break
    except BaseException:
        kill_session(proc.pid)
        proc.wait()
        raise
    reader.join(timeout=5)
    output = "".join(chunks)
    elapsed = time.monotonic() - started
    if log:
        # The end of the output: a failing suite prints every failure, megabytes a mutant.
        log.write(f"$ {' '.join(cmd)}  # {status} in {elapsed:.1f}s\n{output[-20000:]}\n")
        log.flush()
    return status, elapsed, output[-3000:]


@dataclass
class Result:
    id: str
    file: str
    line: int
    operator: str
    original: str
    mutated: str
    verdict: str  # killed | survived | timed out | did not compile | equivalent
    seconds: float = 0.0
    reason: str = ""


class Sources:
    """Applies one mutant at a time and always puts the original back, also on Ctrl-C, SIGTERM
    or an exception; a run killed outright leaves a note the next run restores from."""

    def __init__(self, root: Path, scratch: Path):
        self.root = root
        self.note = scratch / "mutation-in-progress.json"
        self.current: tuple[Path, str] | None = None
        self.recover()

    def recover(self) -> None:
        if self.note.exists():
            saved = json.loads(self.note.read_text())
            (self.root / saved["file"]).write_text(saved["original"])
            self.note.unlink()
            print(f"restored {saved['file']} left mutated by an interrupted run", flush=True)

    def apply(self, m: Mutant) -> None:
        path = self.root / m.file
        original = path.read_text()
        self.note.parent.mkdir(parents=True, exist_ok=True)
        self.note.write_text(json.dumps({"file": m.file, "original": original}))
        self.current = (path, original)
        path.write_text(original[:m.start] + m.replacement + original[m.end:])

    def restore(self) -> None:
        if self.current:
            path, original = self.current
            path.write_text(original)
            self.current = None
            self.note.unlink(missing_ok=True)


def summarize(results: list[Result], seconds: float, total: int, config: dict) -> dict:
    counts = {v: 0 for v in ("killed", "timed out", "survived", "did not compile", "equivalent")}
    for r in results:
        counts[r.verdict] += 1
    compiled = counts["killed"] + counts["timed out"] + counts["survived"]
    detected = counts["killed"] + counts["timed out"]
    return {
        "config": config,
        "mutants": total,
        "run": len(results),
        "counts": counts,
        "compiled": compiled,
        "killed_percent": round(100.0 * detected / compiled, 1) if compiled else None,
        "seconds": round(seconds, 1),
        "survivors": [asdict(r) for r in results if r.verdict == "survived"],
        "results": [asdict(r) for r in results],
    }


def text_report(summary: dict) -> str:
    c = summary["counts"]
    lines = [
        f"mutants: {summary['run']} run of {summary['mutants']}",
        f"killed: {c['killed']}, timed out: {c['timed out']}, survived: {c['survived']}, "
        f"did not compile: {c['did not compile']}, equivalent (listed, not run): {c['equivalent']}",
        f"killed among compiled: {summary['killed_percent']}% "
        f"({c['killed'] + c['timed out']} of {summary['compiled']}; timeouts count as killed)",
        f"time: {summary['seconds'] / 60:.1f} min",
        "",
    ]
    if summary["survivors"]:
        lines.append("survivors:")
        for s in summary["survivors"]:
            lines += [f"  {s['file']}:{s['line']}  [{s['operator']}]",
                      f"    - {s['original']}", f"    + {s['mutated']}"]
    return "\n".join(lines) + "\n"


def write_reports(out: Path, summary: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / "report.json.tmp"
    tmp.write_text(json.dumps(summary, indent=2, ensure_ascii=False))
    tmp.replace(out / "report.json")
    (out / "report.txt").write_text(text_report(summary))


def merge_reports(folders: list[Path], out: Path, min_killed: float) -> int:
    """One report from several runs of the same mutant list (same sources, seed, sample, files
    and operators), each from its own end. A mutant that more than one ran keeps the weaker of
    killed and survived, so a flaky kill never counts; any other disagreement means the runs
    were not of the same sources, and nothing is merged. The time is the longest run's: the
    checkouts ran side by side."""
    reports = []
    for d in folders:
        path = d / "report.json"
        if not path.exists():
            print(f"no report in {d}: give the --out folders of the runs")
            return 2
        reports.append(json.loads(path.read_text()))
    same = ("seed", "sample", "files", "operators")
    if len({(r["mutants"],) + tuple(json.dumps(r["config"][k]) for k in same)
            for r in reports}) != 1:
        print("the reports are not of the same mutant list: each run must use the same "
              "--seed, --sample, --files and --operators")
        return 2
    # The verdicts two runs of one mutant may differ in, weakest first.
    weaker = {"survived": 0, "timed out": 1, "killed": 2}
    merged: dict[str, Result] = {}
    for report in reports:
        for raw in report["results"]:
            r = Result(**raw)
            kept = merged.get(r.id)
            if kept is None:
                merged[r.id] = r
            elif kept.verdict == r.verdict:
                continue
            elif kept.verdict in weaker and r.verdict in weaker:
                if weaker[r.verdict] < weaker[kept.verdict]:
                    merged[r.id] = r
            else:
                print(f"{r.id}: {kept.verdict} in one run, {r.verdict} in another: the runs were "
                      "not of the same sources or equivalent list")
                return 2
    total = reports[0]["mutants"]
    if len(merged) < total:
        print(f"{total - len(merged)} mutants were run by none of the runs: resume one of them "
              "(--resume) to finish")
    seconds = max(r["seconds"] for r in reports)
    summary = summarize(list(merged.values()), seconds, total, reports[0]["config"])
    write_reports(out, summary)
    print(text_report(summary), end="")
    print(f"merged {len(folders)} reports into {out / 'report.txt'} and {out / 'report.json'}")
    score = summary["killed_percent"]
    if score is not None and score < min_killed:
        print(f"below the threshold: {score}% killed among compiled < {min_killed}%")
        return 1
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", nargs="+", help="only these core files (path or file name)")
    ap.add_argument("--operators", nargs="+", choices=OPERATORS, help="only these operators")
    ap.add_argument("--list", action="store_true", help="print the mutants and stop")
    ap.add_argument("--every", action="store_true",
                    help="every candidate, without thinning (several times as many mutants)")
    ap.add_argument("--seed", type=int, default=0, help="seed for --sample and --shuffle")
    ap.add_argument("--sample", type=int, help="run a fixed sample of this many mutants")
    ap.add_argument("--shuffle", action="store_true",
                    help="run in a seeded random order (a partial run is then a fair sample)")
    ap.add_argument("--reverse", action="store_true",
                    help="run in the reverse order: a second checkout can work through the same "
                    "shuffled list from the other end")
    ap.add_argument("--scratch-path", default=".build/mutation", help="SwiftPM scratch path")
    ap.add_argument("--filter", default=DEFAULT_FILTER, help="swift test --filter ('' for all)")
    ap.add_argument("--timeout", type=float, help="seconds per test run (default: 3x baseline, "
                    "at least 60)")
    ap.add_argument("--out", default="/tmp/mutation", help="where report.json/.txt and log go")
    ap.add_argument("--min-killed", type=float, default=0.0,
                    help="exit 1 when the percentage killed among compiled is below this")
    ap.add_argument("--resume", action="store_true", help="keep the verdicts in --out/report.json "
                    "and run only the mutants it lacks, and its survivors again")
    ap.add_argument("--survivors-of", metavar="REPORT_JSON",
                    help="run only the mutants that survived in this earlier report (matched by "
                    "file and text, not line): to check that new tests kill them")
    ap.add_argument("--run-equivalent", action="store_true",
                    help="also run the mutants on the equivalent list")
    ap.add_argument("--no-final-build", action="store_true",
                    help="do not rebuild the restored sources at the end")
    ap.add_argument("--merge", nargs="+", metavar="OUT_DIR",
                    help="combine the reports in these --out folders (checkouts that shared one "
                    "run, each from its own end) into --out, and stop")
    args = ap.parse_args()

    if args.merge:
        return merge_reports([Path(d) for d in args.merge], Path(args.out), args.min_killed)

    mutants = all_mutants(ROOT, args.files, thin=not args.every)
    if args.operators:
        mutants = [m for m in mutants if m.operator in args.operators]
    if args.survivors_of:
        earlier = json.loads(Path(args.survivors_of).read_text())["survivors"]
        wanted = {(s["file"], s["original"], s["mutated"]) for s in earlier}
        mutants = [m for m in mutants if (m.file, m.original, m.mutated) in wanted]
    total = len(mutants)
    if args.sample is not None and args.sample < len(mutants):
        chosen = set(id(m) for m in random.Random(args.seed).sample(mutants, args.sample))
        mutants = [m for m in mutants if id(m) in chosen]
    if args.shuffle:
        random.Random(args.seed).shuffle(mutants)
    if args.reverse:
        mutants.reverse()
    equivalents = read_equivalents(EQUIVALENT_FILE)

    if args.list:
        for m in mutants:
            eq = next((e for e in equivalents if e.matches(m)), None)
            print(f"{m.file}:{m.line}:{m.column} [{m.operator}]{' (equivalent)' if eq else ''}")
            print(f"    - {m.original}\n    + {m.mutated}")
        by_op = {op: sum(1 for m in mutants if m.operator == op) for op in OPERATORS}
        print(f"{len(mutants)} mutants: " + ", ".join(f"{k} {v}" for k, v in by_op.items() if v))
        return 0

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(args.scratch_path)
    scratch = scratch if scratch.is_absolute() else ROOT / scratch
    # The test bundle alone: the examples and the benchmark need not be linked again.
    build = ["swift", "build", "--product", "RegistryPackageTests", "--scratch-path", str(scratch)]
    test = ["swift", "test", "--skip-build", "--scratch-path", str(scratch)]
    if args.filter:
        test += ["--filter", args.filter]
    config = {"build": " ".join(build), "test": " ".join(test), "seed": args.seed,
              "sample": args.sample, "files": args.files, "operators": args.operators}

    previous: dict[str, Result] = {}
    if args.resume and (out / "report.json").exists():
        # Only verdicts of mutants that still exist: one the sources or the operators no longer
        # make is not counted.
        current = {(m.id, m.original, m.mutated) for m in mutants}
        for r in json.loads((out / "report.json").read_text())["results"]:
            if (r["id"], r["original"], r["mutated"]) in current:
                previous[r["id"]] = Result(**r)

    def on_term(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    started = time.monotonic()
    sources = Sources(ROOT, scratch)
    results: list[Result] = []

    def report_now() -> dict:
        # A resumed run's report keeps the earlier verdicts it has not come to yet.
        seen = {r.id for r in results}
        kept = [r for key, r in previous.items() if key not in seen]
        return summarize(results + kept, time.monotonic() - started, total, config)
    log = open(out / "mutation.log", "a")
    try:
        print(f"baseline: {' '.join(build)}", flush=True)
        status, seconds, tail = run(build, ROOT, 3600, log)
        if status != "ok":
            print(tail)
            print("the unmutated sources do not build")
            return 2
        print(f"baseline: {' '.join(test)}", flush=True)
        status, seconds, tail = run(test, ROOT, 1800, log)
        if status != "ok":
            # Named, then run once more: a suite that fails once and passes the second time has
            # a flaky test, which is reported here, not a broken baseline.
            print("\n".join(FAILURES) or tail)
            print("the unmutated suite failed; running it once more", flush=True)
            status, seconds, tail = run(test, ROOT, 1800, log)
            if status != "ok":
                print("\n".join(FAILURES) or tail)
                print("the unmutated suite fails: nothing to measure against")
                return 2
            print("the unmutated suite passed the second time: the failure above is a flaky test")
        timeout = args.timeout or max(60.0, 3 * seconds)
        print(f"baseline suite: {seconds:.0f}s; timeout per mutant run: {timeout:.0f}s", flush=True)
        for index, m in enumerate(mutants, 1):
            # A survivor is run again: the tests may have changed since.
            if m.id in previous and previous[m.id].verdict != "survived":
                results.append(previous[m.id])
                continue
            r = Result(m.id, m.file, m.line, m.operator, m.original, m.mutated, "")
            eq = next((e for e in equivalents if e.matches(m)), None)
            if eq and not args.run_equivalent:
                r.verdict, r.reason = "equivalent", eq.reason
            else:
                t0 = time.monotonic()
                sources.apply(m)
                try:
                    status, _, _ = run(build, ROOT, 1800, log)
                    if status != "ok":
                        r.verdict = "did not compile"
                    else:
                        status, _, _ = run(test, ROOT, timeout, log, stop_at_failure=True)
                        r.verdict = {"ok": "survived", "failed": "killed",
                                     "timeout": "timed out"}[status]
                finally:
                    sources.restore()
                r.seconds = round(time.monotonic() - t0, 1)
                if eq and r.verdict != "survived":
                    r.reason = f"on the equivalent list but {r.verdict}: {eq.reason}"
                elif eq:
                    r.verdict, r.reason = "equivalent", eq.reason
            results.append(r)
            print(f"[{index}/{len(mutants)}] {r.verdict:15} {m.file}:{m.line} [{m.operator}] "
                  f"{m.original}  ->  {m.mutated}  ({r.seconds:.0f}s)", flush=True)
            write_reports(out, report_now())
    except KeyboardInterrupt:
        print("interrupted: sources restored; partial report written", flush=True)
        return 130
    finally:
        sources.restore()
        summary = report_now()
        write_reports(out, summary)
        if not args.no_final_build and results:
            run(build, ROOT, 3600, log)
        log.close()
    print()
    print(text_report(summary), end="")
    print(f"report: {out / 'report.txt'} and {out / 'report.json'}; log: {out / 'mutation.log'}")
    score = summary["killed_percent"]
    if score is not None and score < args.min_killed:
        print(f"below the threshold: {score}% killed among compiled < {args.min_killed}%")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
