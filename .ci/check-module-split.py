#!/usr/bin/env python3
"""Fails when a feature target depends on a live module, directly or through another target.

Features (targets named `…Feature`) may depend on interface modules and on Registry; only the
composition root (an executable) may depend on live modules (targets named `…Live`). Reads the
package graph from `swift package dump-package`.
"""
import json
import subprocess
import sys

package = json.loads(subprocess.run(
    ["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)

targets = {}
for target in package["targets"]:
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    targets[target["name"]] = names


def reachable(name, seen=None):
    seen = set() if seen is None else seen
    for dependency in targets.get(name, []):
        if dependency not in seen:
            seen.add(dependency)
            reachable(dependency, seen)
    return seen


features = sorted(name for name in targets if name.endswith("Feature"))
live = {name for name in targets if name.endswith("Live")}
problems = [
    f"{feature} depends on the live module {module}"
    for feature in features
    for module in sorted(reachable(feature) & live)
]
if not features or not live:
    problems.append(f"expected feature and live targets, found {features} and {sorted(live)}")
for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print(f"module split: {', '.join(features)} depend on no live module ({', '.join(sorted(live))})")
