#!/usr/bin/env python3
"""Counts the public symbols of Registry, RegistryTesting and AppleViewModelCompatibility.

  Scripts/public-api.py               prints each module's count
  Scripts/public-api.py --check       fails when a count is not its ceiling
                                      (Scripts/public-api-ceilings.txt): above, too many;
                                      below, the ceiling must come down to it
  Scripts/public-api.py --list MODULE prints the symbols counted, one a line

What is counted: the symbols of each module's symbol graph, as Scripts/build-docs.sh makes it
(`swift symbolgraph-extract -minimum-access-level public -skip-synthesized-members
-emit-extension-block-symbols` on the built module): every declaration of public or open
access, each once by its USR -- types, protocols, type aliases, global functions and
variables, operators, and members (initializers, methods, properties, subscripts, enum cases,
associated types), including the members a module adds to another module's types (its
`Module@Other.symbols.json` files, such as `View.viewModelRegistry(_:)` or
`NSObject.viewModelBinding`). Each overload is a symbol of its own.

What is not counted: extension blocks (`swift.extension` symbols, which only group members),
members the compiler synthesizes or a type inherits from another module's protocol extensions
(`-skip-synthesized-members`), conformances (relationships, not symbols), the module itself, and
what symbolgraph-extract leaves out: names that start with an underscore, `@_spi` and
`package` declarations.

Registry and AppleViewModelCompatibility are counted from the Tests/AppleLayer build, so that
their SwiftUI, Combine and UIKit API (behind `#if canImport(...)`) counts as it does on Apple's
platforms, as their documentation does; RegistryTesting, which has no Apple-only API, from the
root package's build. The script builds what it reads, with the default flags: RegistryTesting
in the root package's .build, which .ci/run's test step has brought up to date; the AppleLayer
targets in that package's own .build (its step, which builds with warnings as errors, rebuilds).

Python 3 standard library only. Run it from anywhere; it works from the package root.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CEILINGS = os.path.join(ROOT, "Scripts", "public-api-ceilings.txt")
APPLE_LAYER = "Tests/AppleLayer"
# Module: the package whose build it is counted from (None: the root package).
MODULES = {
    "Registry": APPLE_LAYER,
    "RegistryTesting": None,
    "AppleViewModelCompatibility": APPLE_LAYER,
}


def run(command):
    return subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout


def package_args(package):
    return ["--package-path", package] if package else []


def build(module, package):
    """Builds the module (progress on stderr) and returns its package's build folder."""
    subprocess.run(["swift", "build", *package_args(package), "--target", module], cwd=ROOT,
                   check=True, stdout=sys.stderr)
    return run(["swift", "build", *package_args(package), "--show-bin-path"]).strip()


def extract(module, bin_path, triple, out):
    """The module's symbol graphs, as Scripts/build-docs.sh extracts them."""
    maps = []
    for module_map in sorted(glob.glob(os.path.join(bin_path, "*.build", "module.modulemap"))):
        maps += ["-Xcc", f"-fmodule-map-file={module_map}"]
    os.makedirs(out, exist_ok=True)
    subprocess.run(
        ["swift", "symbolgraph-extract", "-module-name", module,
         "-I", os.path.join(bin_path, "Modules"), *maps, "-target", triple, "-output-dir", out,
         "-minimum-access-level", "public", "-skip-synthesized-members",
         "-emit-extension-block-symbols"],
        cwd=ROOT, check=True)


def public_symbols(directory):
    """The counted symbols of the graphs in `directory`, by USR: (kind, name)."""
    symbols = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
        with open(path) as file:
            document = json.load(file)
        # Module@Other.symbols.json holds the members of Other's types.
        extended = os.path.basename(path).removesuffix(".symbols.json").partition("@")[2]
        for symbol in document["symbols"]:
            kind = symbol["kind"]["identifier"]
            if kind == "swift.extension" or symbol["accessLevel"] not in ("public", "open"):
                continue
            name = (extended + "." if extended else "") + ".".join(symbol["pathComponents"])
            symbols[symbol["identifier"]["precise"]] = (kind.removeprefix("swift."), name)
    return symbols


def measure(modules):
    triple = json.loads(run(["swift", "-print-target-info"]))["target"]["triple"]
    result = {}
    with tempfile.TemporaryDirectory() as work:
        for module in modules:
            bin_path = build(module, MODULES[module])
            graphs = os.path.join(work, module)
            extract(module, bin_path, triple, graphs)
            result[module] = public_symbols(graphs)
    return result


def read_ceilings():
    """Module: ceiling, from the file's `Module count` lines."""
    ceilings = {}
    with open(CEILINGS) as file:
        for number, line in enumerate(file, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split()
            if len(fields) != 2 or not fields[1].isdigit():
                sys.exit(f"{CEILINGS}:{number}: expected `Module count`, found {line!r}")
            ceilings[fields[0]] = int(fields[1])
    return ceilings


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="fail when a count is not its ceiling (above: too many; below: lower it)"
                        " (Scripts/public-api-ceilings.txt)")
    parser.add_argument("--list", metavar="MODULE", choices=sorted(MODULES),
                        help="print the symbols of MODULE that are counted")
    args = parser.parse_args()

    if args.list:
        symbols = measure([args.list])[args.list].values()
        for name, kind in sorted((name, kind) for kind, name in symbols):
            print(f"{name}  ({kind})")
        return 0

    ceilings = read_ceilings() if args.check else {}
    counts = {module: len(symbols) for module, symbols in measure(list(MODULES)).items()}
    problems = []
    for module, count in counts.items():
        line = f"{module} {count}"
        if args.check:
            ceiling = ceilings.get(module)
            if ceiling is None:
                problems.append(f"{module} has no ceiling in {os.path.relpath(CEILINGS, ROOT)}")
            elif count > ceiling:
                line += f" (ceiling {ceiling}: {count - ceiling} over)"
                problems.append(f"{module} has {count} public symbols, {count - ceiling} more"
                                f" than its ceiling of {ceiling}")
            elif count < ceiling:
                # The ceiling follows every removal down, in the commit that removes, so that a
                # later addition cannot quietly use up what was removed.
                line += f" (ceiling {ceiling}: lower it to {count})"
                problems.append(f"{module} has {count} public symbols, {ceiling - count} fewer"
                                f" than its ceiling of {ceiling}: lower the ceiling to {count}")
            else:
                line += " (its ceiling)"
        print(line)
    for module in sorted(set(ceilings) - set(counts)):
        problems.append(f"{os.path.relpath(CEILINGS, ROOT)} names {module}, which is not counted")
    if problems:
        print("public-api: " + "; ".join(problems) + ".")
        print("  The ceilings only come down: make new symbols internal or remove as many others,"
              " and lower a ceiling\n  in the commit that removes symbols."
              " Scripts/public-api.py --list MODULE prints what is counted.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
