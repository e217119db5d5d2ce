#!/usr/bin/env python3
"""Writes every ```swift example of the Platform bridges' doc comments (the core's and the
AppleViewModelCompatibility module's) and of the articles in ARTICLES into
Sources/Snippets/Generated/, one file each, wrapped so that it compiles as written:

- a declaration (struct, class, enum, extension) goes into its own namespace; globals and the
  types that use them stay at file scope;
- members (an `override func`, a property wrapper on a property) go into a UIKit view controller
  or a SwiftUI view, by what they use;
- a view expression (`ViewModelBuilder(...) { ... }`) becomes the body of a view;
- anything else is a sequence of statements in a method of `SnippetContext` (Fixtures.swift).

Names the examples use are declared once in Fixtures.swift (ArticleFixtures.swift for the
articles'). An example from the compatibility module's files also imports
AppleViewModelCompatibility, as its users do; the others import the core alone, so an example
that needs the compatibility module's names fails to build. A block that is part of a package
manifest (`.package(`, `.product(`) is not Swift a module can compile, and is left out. Run from
the repository root.
"""
import glob
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
OUT = ROOT / "Tests/AppleLayer/Sources/Snippets/Generated"
IMPORTS = "import Combine\nimport Registry\nimport SwiftUI\nimport UIKit\n"
COMPATIBILITY_IMPORTS = "import AppleViewModelCompatibility\n" + IMPORTS
COMPATIBILITY = "Sources/AppleViewModelCompatibility/"
# The articles whose examples are compiled. Not yet: TestingWithRegistry's (Swift Testing tests,
# which this target does not import) and ModulesInterfacesAndServices' (declarations of several
# modules, with `…` for what they leave out); Architecture and Troubleshooting have none.
ARTICLES = ["GettingStarted.md", "InjectingViewModels.md", "Lifetimes.md", "Registry.md",
            "SpecsAndKeys.md", "StateAndEvents.md", "SwiftUIAndUIKit.md"]


def doc_comment_snippets(path):
    snippets, block = [], None
    for number, line in enumerate(path.read_text().splitlines(), 1):
        text = line.strip()
        if text.startswith("/// ```swift"):
            block, start = [], number
        elif block is not None and text.startswith("/// ```"):
            snippets.append((f"{path.relative_to(ROOT)}:{start}", "\n".join(block)))
            block = None
        elif block is not None:
            block.append(re.sub(r"^\s*/// ?", "", line))
    return snippets


def article_snippets(path):
    snippets, block = [], None
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("```swift"):
            block, start = [], number
        elif block is not None and line.startswith("```"):
            code = "\n".join(block)
            if not re.search(r"^\s*\.(package|product)\(", code, re.M):
                # `import` lines show what a file imports; every snippet imports it already.
                code = "\n".join(l for l in block if not l.startswith("import "))
                snippets.append((f"{path.relative_to(ROOT)}:{start}", code))
            block = None
        elif block is not None:
            block.append(line)
    return snippets


def indent(text, by="    "):
    return "\n".join(by + line if line else line for line in text.splitlines())


def wrap(index, origin, code):
    first = next(line.strip() for line in code.splitlines() if line.strip())
    name = f"Snippet{index}"
    header = f"// {origin}\n"
    if re.match(r"^(@MainActor\s+)?(public\s+)?(final\s+)?(struct|class|enum|extension)\b", first):
        return header + f"enum {name} {{\n{indent(code, '  ')}\n}}\n"
    if re.match(r"^(@MainActor\s+)?(let|var)\b", first) and re.search(r"^(struct|final class)\b", code, re.M):
        # Declarations at file scope (a global and the types that use it): a file of their own.
        return header + code + "\n"
    is_member = "override func" in code or re.match(r"^@\w+(\(.*\))?\s+(private\s+)?var\b", first)
    if is_member and ("override func" in code or "viewModelBinding" in code):
        return header + (
            f"enum {name} {{\n  @MainActor final class Context: UIViewController {{\n"
            f"{indent(code)}\n  }}\n}}\n")
    if is_member:
        return header + (
            f"enum {name} {{\n  struct Context: View {{\n{indent(code)}\n"
            f"    var body: some View {{ EmptyView() }}\n  }}\n}}\n")
    if re.match(r"^[A-Z]\w*\(", first) and "SwiftUI" in origin and "\n" in code.strip() or (
        re.match(r"^(ViewModelBuilder|StateViewModelSelector|StateViewModelValueWatcher|"
                 r"ObserverBuilder)\(", first)):
        return header + (
            f"enum {name} {{\n  struct Context: View, SnippetViewFixtures {{\n"
            f"    var body: some View {{\n{indent(code, '      ')}\n    }}\n  }}\n}}\n")
    return header + (
        f"extension SnippetContext {{\n  func snippet{index}() {{\n{indent(code)}\n  }}\n}}\n")


def main():
    sources = sorted(glob.glob(str(ROOT / "Sources/Registry/Platform/**/*.swift"), recursive=True))
    sources += sorted(
        glob.glob(str(ROOT / COMPATIBILITY / "Platform/**/*.swift"), recursive=True))
    snippets = []
    for source in sources:
        snippets += doc_comment_snippets(pathlib.Path(source))
    for article in ARTICLES:
        snippets += article_snippets(ROOT / "Sources/Registry/Registry.docc" / article)
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.swift"):
        old.unlink()
    for index, (origin, code) in enumerate(snippets):
        # Laid out as the documentation lays it out (aligned comments), not as swift format would.
        text = ("// swift-format-ignore-file\n"
                "// Generated by Tests/AppleLayer/Scripts/extract-snippets.py; not committed.\n\n")
        imports = COMPATIBILITY_IMPORTS if origin.startswith(COMPATIBILITY) else IMPORTS
        (OUT / f"Snippet{index}.swift").write_text(text + imports + "\n" + wrap(index, origin, code))
    print(f"{len(snippets)} snippets written to {OUT.relative_to(ROOT)}")
    return 0 if snippets else 1


if __name__ == "__main__":
    sys.exit(main())
