#!/usr/bin/env python3
"""Measures each performance exemption of .ci/unsafe-allowlist.txt at its own site.

For every entry of the "Performance exemptions" section, a copy of the package is built in
release with that one site made checked -- `@exclusivity(unchecked)` removed, `unowned(unsafe)`
made `unowned`, `unsafeDowncast(x, to: T.self)` and `unsafeBitCast(x, to: T.self)` made
`x as! T` -- and Benchmarks/count-instructions.sh counts the cases below in it against a build
of the unchanged copy. Prints one Markdown row per site: the cases' differences in instructions
per operation, or why there is none (the checked form does not compile, the site was not found).

  Benchmarks/measure-unsafe-sites.py [--work DIR] [--only 'TEXT;;TEXT'] [--cases a,b,c]

`--only` keeps the sites whose `path | code` contains one of the texts.

Slow: a release build and eight callgrind runs per site, about a minute each on two cores;
`--skip N` resumes after the first N sites.
Python 3 standard library only; needs valgrind.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOWLIST = os.path.join(ROOT, ".ci", "unsafe-allowlist.txt")
COUNT = os.path.join(ROOT, "Benchmarks", "count-instructions.sh")
CASES = [
    "hot_read", "family_hot_read", "share_cycle", "private_cycle", "private_unbind_cycle",
    "arg_new_instance", "chain10", "setstate_changed",
]


def exemptions():
    """(path, code) of each performance exemption, in the list's order."""
    entries, section = [], None
    for line in open(ALLOWLIST, encoding="utf-8"):
        if line.startswith("## "):
            section = line[3:].strip()
            continue
        if line.startswith("#") or not line.strip() or section != "Performance exemptions":
            continue
        path, code, _ = (part.strip() for part in line.split("|", 2))
        entries.append((path, code))
    return entries


def checked(code):
    """The checked form of one line of unsafe code."""
    code = code.replace("@exclusivity(unchecked) ", "")
    code = code.replace("unowned(unsafe) ", "unowned ")
    code = re.sub(r"unsafeDowncast\((.+?), to: (.+?)\.self\)", r"(\1 as! \2)", code)
    code = re.sub(r"unsafeBitCast\((.+?), to: (.+?)\.self\)", r"(\1 as! \2)", code)
    return code


def copy_package(destination):
    if os.path.exists(destination):
        shutil.rmtree(destination)
    ignore = shutil.ignore_patterns(".build", ".git", ".swiftpm")
    shutil.copytree(ROOT, destination, ignore=ignore)


def build(package, scratch):
    result = subprocess.run(
        ["swift", "build", "-c", "release", "--product", "RegistryBenchmarks",
         "--package-path", package, "--scratch-path", scratch],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return result.returncode == 0, result.stdout


def count(binary, cases):
    """Instructions per operation of each case in one build."""
    output = subprocess.run(
        [COUNT, binary, *cases], check=True, stdout=subprocess.PIPE, text=True).stdout
    counts = {}
    for line in output.splitlines():
        match = re.match(r"(\S+) ([\d.]+) instructions per operation", line)
        if match:
            counts[match.group(1)] = float(match.group(2))
    return counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", default="/tmp/unsafe-sites")
    parser.add_argument("--only", default="")
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N sites")
    args = parser.parse_args()
    cases = args.cases.split(",")
    base_package = os.path.join(args.work, "base")
    site_package = os.path.join(args.work, "site")
    copy_package(base_package)
    ok, log = build(base_package, os.path.join(args.work, "base-build"))
    if not ok:
        sys.exit("the unchanged copy does not build:\n" + log)
    baseline = count(os.path.join(args.work, "base-build", "release", "RegistryBenchmarks"), cases)
    copy_package(site_package)
    print("| site | " + " | ".join(f"`{case}`" for case in cases) + " |")
    print("| --- |" + " ---: |" * len(cases))
    seen = {}
    for number, (path, code) in enumerate(exemptions()):
        if args.only and not any(part in path + " | " + code for part in args.only.split(";;")):
            continue
        occurrence = seen.get((path, code), 0)
        seen[(path, code)] = occurrence + 1
        if number < args.skip:
            continue
        source = os.path.join(base_package, path)
        target = os.path.join(site_package, path)
        text = open(source, encoding="utf-8").read()
        index = -1
        for _ in range(occurrence + 1):
            index = text.find(code, index + 1)
        label = f"`{os.path.basename(path)}`: `{code}`" + (
            f" ({occurrence + 1})" if occurrence else "")
        if index < 0:
            print(f"| {label} | not found |" + " |" * (len(cases) - 1), flush=True)
            continue
        open(target, "w", encoding="utf-8").write(
            text[:index] + checked(code) + text[index + len(code):])
        ok, log = build(site_package, os.path.join(args.work, "site-build"))
        if ok:
            counts = count(
                os.path.join(args.work, "site-build", "release", "RegistryBenchmarks"), cases)
            cells = [
                f"{counts[case] - baseline[case]:+.0f} "
                f"({100 * (counts[case] - baseline[case]) / baseline[case]:+.1f}%)"
                if case in counts and case in baseline else "?" for case in cases]
        else:
            error = next((l for l in log.splitlines() if "error:" in l), "error")
            cells = ["checked form does not compile: " + error.split("error:", 1)[1].strip()]
            cells += [""] * (len(cases) - 1)
        print(f"| {label} | " + " | ".join(cells) + " |", flush=True)
        open(target, "w", encoding="utf-8").write(text)


if __name__ == "__main__":
    main()
