#!/usr/bin/env python3
"""Checks for Scripts/build-docs.sh.

  check-docs.py graphs REGISTRY_GRAPHS LINUX_GRAPHS COMPAT_GRAPHS
      Rewrites the source locations of the symbol graphs to the real files (the AppleLayer
      package reaches the sources through symlinks), and checks that every symbol of the Linux
      build of Registry is in the graph that is documented (the AppleLayer build's).

  check-docs.py install
      Checks the install lines of README.md and the catalogs against Package.swift and
      CHANGELOG.md: one repository URL, whose last component is the package's name (how SwiftPM
      names the package for `.product(package:)`), products that Package.swift declares, and the
      newest released version; a link definition on that repository for each changelog version; and that README.md's test examples are, verbatim, tests that run
      (Tests/RegistryTests/Documentation/ReadmeExamplesTests.swift).

  check-docs.py site OUTPUT
      Checks the rendered archives in OUTPUT (one MODULE.doccarchive for each module of MODULES,
      and site, the merged one), against the symbol graphs docc was given
      (OUTPUT/symbol-graphs/MODULE), and prints the page counts:
      - every public symbol has a doc comment and a page: each symbol of the module's graphs
        (its declarations, and the members of its extensions of other modules' types) has a
        doc comment there, and is the symbol of a rendered page of the module's archive (the
        page's externalID is the symbol's USR); the extension blocks themselves are not API,
        and need neither;
      - every symbol page belongs to the archive's module: its module is that module and its
        symbol is declared there (a declaration of the module, or a member of one of its
        extensions); no stand-in SwiftUI, Combine, UIKit or ObjectiveC symbol has a page;
      - the Apple-only API has pages (the property wrappers, the views, the UIKit providers);
      - every article opens with a one-sentence abstract;
      - code blocks fit the page: no line longer than MAX_CODE_COLUMNS;
      - links in prose read as Swift users expect: no link shows a title with the
        source-location parameters (`fileID:filePath:line:column:`), and no link was left
        unparsed in the text;
      - a link from one module's pages to another's (`/documentation/...`, which the merged
        site serves) finds its page, and so does every page a page points to (its breadcrumbs,
        topics and symbol links);
      - every module is in the merged site.
"""
import glob
import json
import os
import re
import subprocess
import sys
import urllib.parse

MAX_CODE_COLUMNS = 76
MODULES = {
    # module: pages that must exist (besides one for every public symbol of its graphs)
    "Registry": ([
        "watchviewmodel", "readviewmodel", "readservice", "viewmodelbuilder",
        "stateviewmodelselector", "stateviewmodelvaluewatcher",
        "observerbuilder", "viewmodelbindingrefreshable", "apppauseprovider",
        "viewcontrollervisibilitypauseprovider", "viewmodel/changespublisher",
        "eventchannel/publisher", "swiftui/view/viewmodelregistry(_:)",
        "objectivec/nsobject/viewmodelbinding",
    ]),
    "RegistryTesting": ([]),
    "AppleViewModelCompatibility": (["viewmodelfactory", "cachedviewmodelbuilder"]),
}
LOCATION_TITLE = re.compile(r"fileID:|filePath:")
UNPARSED_LINK = re.compile(r"``|\]\(doc:|<doc:")
SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z`*\[(])")


def graphs(registry_dir, linux_dir, compat_dir):
    def load(directory):
        result = {}
        for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
            with open(path) as file:
                result[path] = json.load(file)
        return result

    def real_locations(documents):
        for path, document in documents.items():
            for symbol in document["symbols"]:
                # Where the symbol is declared, and where its doc comment is (diagnostics).
                for place in (symbol.get("location"), symbol.get("docComment")):
                    if place and place.get("uri", "").startswith("file://"):
                        file_path = urllib.parse.unquote(place["uri"][len("file://"):])
                        place["uri"] = "file://" + urllib.parse.quote(os.path.realpath(file_path))
            with open(path, "w") as file:
                json.dump(document, file)

    documented, linux, compat = load(registry_dir), load(linux_dir), load(compat_dir)
    objc_module(documented, registry_dir)
    objc_module(compat, compat_dir)
    real_locations(documented)
    real_locations(compat)
    usrs = lambda documents: {
        symbol["identifier"]["precise"] for document in documents.values()
        for symbol in document["symbols"]}
    missing = usrs(linux) - usrs(documented)
    if missing:
        print(f"check-docs: {len(missing)} symbol(s) of the Linux build of Registry are missing"
              " from the documented (AppleLayer) graph:")
        for usr in sorted(missing)[:20]:
            print("  ", usr)
        return 1
    print(f"check-docs: Registry's graph has {len(usrs(documented))} symbols"
          f" ({len(usrs(documented) - usrs(linux))} only where Apple's frameworks exist);"
          f" AppleViewModelCompatibility's has {len(usrs(compat))}")
    return 0


def objc_module(documents, directory):
    """Moves extensions of NSObject from Foundation to ObjectiveC, where Apple's SDKs declare
    NSObject (the stand-in ObjectiveC module re-exports Linux Foundation's)."""
    for path in list(documents):
        document = documents[path]
        name = os.path.basename(path)
        if not name.endswith("@Foundation.symbols.json"):
            continue
        moved = {symbol["identifier"]["precise"] for symbol in document["symbols"]
                 if symbol["pathComponents"][0] in ("NSObject", "NSObjectProtocol")}
        if not moved:
            continue
        objc = json.loads(json.dumps(document))
        objc["symbols"] = [s for s in document["symbols"] if s["identifier"]["precise"] in moved]
        objc["relationships"] = [r for r in document["relationships"] if r["source"] in moved]
        for symbol in objc["symbols"]:
            symbol["swiftExtension"]["extendedModule"] = "ObjectiveC"
        for relationship in objc["relationships"]:
            fallback = relationship.get("targetFallback", "")
            if fallback.startswith("Foundation."):
                relationship["targetFallback"] = "ObjectiveC." + fallback[len("Foundation."):]
        document["symbols"] = [s for s in document["symbols"]
                               if s["identifier"]["precise"] not in moved]
        document["relationships"] = [r for r in document["relationships"]
                                     if r["source"] not in moved]
        objc_path = os.path.join(directory, name.replace("@Foundation.", "@ObjectiveC."))
        documents[objc_path] = objc
        if document["symbols"]:
            continue
        os.remove(path)
        del documents[path]


def inline_nodes(node):
    """Every dictionary inside `node`, depth first."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from inline_nodes(value)
    elif isinstance(node, list):
        for value in node:
            yield from inline_nodes(value)


def plain_text(inline, references):
    parts = []
    for item in inline:
        kind = item.get("type")
        if kind in ("text", "codeVoice"):
            parts.append(item.get("text") or item.get("code") or "")
        elif kind == "reference":
            parts.append(item.get("overridingTitle")
                         or references.get(item["identifier"], {}).get("title", ""))
        elif "inlineContent" in item:
            parts.append(plain_text(item["inlineContent"], references))
    return "".join(parts)


def demangled(usrs):
    """The demangled names of Swift USRs, by `swift demangle`."""
    swift = [re.sub(r"^(s:m:)?(s:e:)?", "", usr) for usr in usrs]
    result = subprocess.run(
        ["swift", "demangle"], input="\n".join(
            "$s" + usr[2:] if usr.startswith("s:") else usr for usr in swift),
        capture_output=True, text=True, check=True)
    return dict(zip(usrs, result.stdout.splitlines()))


def own_symbol(usr, name, module):
    """Whether the symbol is declared in `module`: one of its declarations, or a member of one of
    its extensions (never a synthesized copy of another module's member)."""
    if "::SYNTHESIZED::" in usr:
        return False
    name = re.sub(r"^(static |class )", "", name)
    return name.startswith(module + ".") or name.startswith(f"(extension in {module}):")


def graph_symbols(directory):
    """The public symbols of a module's symbol graphs (its own file, and one per module it
    extends), by USR: (name, kind, where it is declared, whether it has a doc comment).
    Extension blocks (`-emit-extension-block-symbols`) only group the members of an extension:
    docc makes at most one page per extended type, whatever the number of blocks, and none when
    every member is curated elsewhere and the catalog has no page for the type; they are left
    out, their members are in."""
    symbols = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
        with open(path) as file:
            document = json.load(file)
        # Module@Extended.symbols.json: members of another module's types.
        extended = os.path.basename(path).removesuffix(".symbols.json").partition("@")[2]
        for symbol in document["symbols"]:
            kind = symbol["kind"]["identifier"]
            if kind == "swift.extension":
                continue
            location = symbol.get("location", {})
            uri = urllib.parse.unquote(location.get("uri", ""))
            where = ""
            if uri:
                relative = os.path.relpath(uri.removeprefix("file://"))
                line = location.get("position", {}).get("line", -1) + 1
                where = f"{relative}:{line}"
            name = (extended + "." if extended else "") + "/".join(symbol["pathComponents"])
            kind = kind.removeprefix("swift.").replace(".", " ")
            documented = bool(symbol.get("docComment", {}).get("lines"))
            symbols[symbol["identifier"]["precise"]] = (name, kind, where, documented)
    return symbols


def missing_pages(graphs, pages, module, problems):
    """Every public symbol of the module's graphs has a doc comment and a rendered page."""
    if not os.path.isdir(graphs):
        problems.append(f"{module}: no symbol graphs at {graphs} (run Scripts/build-docs.sh)")
        return
    symbols = graph_symbols(graphs)
    if not symbols:
        problems.append(f"{module}: its symbol graphs in {graphs} have no public symbol")
    rendered = {page["metadata"].get("externalID") for page in pages.values()
                if page["kind"] == "symbol"}
    missing = sorted(value for usr, value in symbols.items() if usr not in rendered)
    undocumented = sorted(value for value in symbols.values() if not value[3])
    for name, kind, where, _ in missing:
        problems.append(f"{module}: no page for the public {kind} {name}"
                        + (f" (declared at {where})" if where else ""))
    for name, kind, where, _ in undocumented:
        problems.append(f"{module}: no doc comment on the public {kind} {name}"
                        + (f" (declared at {where})" if where else ""))
    print(f"check-docs: {module}: {len(symbols) - len(missing)} of its {len(symbols)} public"
          f" symbols have a page, {len(symbols) - len(undocumented)} a doc comment")


def check_archive(archive, module, problems):
    required = MODULES[module]
    root = os.path.join(archive, "data", "documentation")
    lower = module.lower()
    pages = {}
    for path in [os.path.join(root, lower + ".json")] + sorted(
            glob.glob(os.path.join(root, lower, "**", "*.json"), recursive=True)):
        with open(path) as file:
            pages[path] = json.load(file)
    names = demangled(sorted({
        page["metadata"]["externalID"] for page in pages.values()
        if page["kind"] == "symbol" and page["metadata"].get("symbolKind") != "module"}))
    symbols = articles = 0
    for path, page in pages.items():
        name = os.path.relpath(path, root)
        metadata = page.get("metadata", {})
        references = page.get("references", {})
        if page["kind"] == "symbol":
            symbols += 1
            modules = [entry["name"] for entry in metadata.get("modules", [])]
            usr = metadata.get("externalID", "")
            if metadata.get("symbolKind") == "module":
                own = usr == module
            else:
                own = own_symbol(usr, names.get(usr, ""), module)
            if modules[:1] != [module] or not own:
                problems.append(f"{name}: a page for a symbol that is not {module}'s"
                                f" (module {modules}, symbol {names.get(usr, usr)})")
        elif page["kind"] == "article" and metadata.get("role") != "collectionGroup":
            articles += 1
            abstract = plain_text(page.get("abstract", []), references).strip()
            if not abstract:
                problems.append(f"{name}: the article opens with no abstract")
            elif SENTENCE_END.search(abstract) or len(abstract) > 200:
                problems.append(f"{name}: the abstract is more than one sentence: {abstract!r}")
        prose = [page.get("abstract", [])] + [
            section for section in page.get("primaryContentSections", [])
            if section.get("kind") == "content"]
        for node in inline_nodes(prose):
            kind = node.get("type")
            if kind == "codeListing":
                for line in node.get("code", []):
                    if len(line) > MAX_CODE_COLUMNS:
                        problems.append(f"{name}: a code line of {len(line)} columns (at most"
                                        f" {MAX_CODE_COLUMNS}): {line.strip()[:60]}…")
            elif kind == "reference":
                title = node.get("overridingTitle") or references.get(
                    node["identifier"], {}).get("title", "")
                if LOCATION_TITLE.search(title):
                    problems.append(f"{name}: a link titled {title!r}: give it a title without"
                                    " the source-location parameters")
                target = references.get(node["identifier"], {})
                url = target.get("url", "")
                if target.get("type") == "link" and url.startswith("/documentation/"):
                    # A link to the other module's pages, found in the merged site.
                    linked = url.split("#")[0].strip("/").lower()
                    if not any(os.path.exists(os.path.join(
                            os.path.dirname(archive), other + ".doccarchive", "data",
                            linked + ".json")) for other in MODULES):
                        problems.append(f"{name}: a link to {url}, which has no page")
            elif kind == "text" and UNPARSED_LINK.search(node.get("text", "")):
                problems.append(f"{name}: a link left as text: {node['text'].strip()[:80]}")
        # Every page the page points to, its breadcrumbs and topics included, was rendered
        # (docc drops an extended type's page when all its members are curated elsewhere, and
        # keeps it in their breadcrumbs).
        for reference in references.values():
            url = reference.get("url", "")
            if reference.get("type") == "topic" and url.startswith("/documentation/"):
                linked = url.split("#")[0].strip("/").lower()
                if not any(os.path.exists(os.path.join(
                        os.path.dirname(archive), other + ".doccarchive", "data",
                        linked + ".json")) for other in MODULES):
                    problems.append(f"{name}: points to {url}, which has no page")
    for page in required:
        if not os.path.exists(os.path.join(root, lower, page + ".json")):
            problems.append(f"{module}: no page for {page}")
    missing_pages(os.path.join(os.path.dirname(archive), "symbol-graphs", module), pages, module,
                  problems)
    print(f"check-docs: {module}: {len(pages)} pages ({symbols} symbols, {articles} articles)")
    return len(pages)


def site(output):
    problems = []
    for module in MODULES:
        check_archive(os.path.join(output, module + ".doccarchive"), module, problems)
    for module in MODULES:
        if not os.path.exists(os.path.join(output, "site", "data", "documentation",
                                           module.lower() + ".json")):
            problems.append(f"site: {module} is not in the merged site")
    if problems:
        print(f"check-docs: {len(problems)} problem(s):")
        for problem in problems:
            print("  " + problem)
        return 1
    print("check-docs: every public symbol has a doc comment and a page, every symbol page is"
          " its module's; abstracts, code widths and links read as they should")
    return 0


def install():
    manifest = open("Package.swift").read()
    package = re.search(r'Package\(\s*name:\s*"([^"]+)"', manifest).group(1)
    products = set(re.findall(r'\.library\(name:\s*"([^"]+)"', manifest))
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", open("CHANGELOG.md").read(), re.M)
    files = ["README.md"] + sorted(glob.glob("Sources/*/*.docc/*.md"))
    problems, urls, count = [], set(), 0
    for path in files:
        text = open(path).read()
        for url, version in re.findall(r'\.package\(\s*url:\s*"([^"]+)",\s*from:\s*"([^"]+)"\)', text):
            count += 1
            urls.add(url)
            name = url.rstrip("/").split("/")[-1].removesuffix(".git")
            if name.lower() != package.lower():
                problems.append(f"{path}: {url} names the package {name!r}, Package.swift {package!r}")
            if not released or version != released[0]:
                problems.append(f"{path}: from: {version!r}, but CHANGELOG.md's newest release is"
                                f" {released[0] if released else 'none'}")
        for product, owner in re.findall(
                r'\.product\(\s*name:\s*"([^"]+)",\s*package:\s*"([^"]+)"\)', text):
            count += 1
            if product not in products:
                problems.append(f"{path}: no product {product!r} in Package.swift")
            if owner != package:
                problems.append(f"{path}: package: {owner!r}, but the package is {package!r}")
    if len(urls) > 1:
        problems.append(f"more than one repository URL: {sorted(urls)}")
    # Every version heading has a link definition, on the same repository.
    changelog = open("CHANGELOG.md").read()
    links = dict(re.findall(r"^\[([^\]]+)\]: (\S+)$", changelog, re.M))
    for version in ["Unreleased"] + released:
        link = links.get(version)
        if link is None:
            problems.append(f"CHANGELOG.md: no link definition for [{version}]")
        elif not any(link.startswith(url.rstrip("/") + "/") for url in urls):
            problems.append(f"CHANGELOG.md: [{version}] links to {link}, not to {sorted(urls)}")
    tests = open("Tests/RegistryTests/Documentation/ReadmeExamplesTests.swift").read()
    examples = re.findall(r"```swift\n(.*?)```", open("README.md").read(), re.S)
    checked = 0
    for example in examples:
        if "@Test" not in example:
            continue
        checked += 1
        body = "\n".join(line for line in example.splitlines() if not line.startswith("import "))
        if body.strip() not in tests:
            problems.append("README.md: a test example that is not in ReadmeExamplesTests.swift:"
                            f" {body.strip().splitlines()[1][:60]}")
    for problem in problems:
        print("check-docs: " + problem)
    if not problems:
        print(f"check-docs: {count} install lines name {package} ({', '.join(sorted(urls))}),"
              f" its products and {released[0]}; {checked} README test examples are tests")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "install":
        sys.exit(install())
    if len(sys.argv) == 5 and sys.argv[1] == "graphs":
        sys.exit(graphs(*sys.argv[2:]))
    if len(sys.argv) == 3 and sys.argv[1] == "site":
        sys.exit(site(sys.argv[2]))
    print(__doc__)
    sys.exit(2)
