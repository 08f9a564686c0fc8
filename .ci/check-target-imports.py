#!/usr/bin/env python3
"""Fails when a target imports one of the package's own modules without depending on it.

SwiftPM builds a module a target does not declare whenever some other target needs it first,
so a missing dependency compiles or not depending on build order: `swift test` on a fresh
clone can fail where a second run passes. This reads the manifest (`swift package
dump-package`, given as JSON on stdin or run here) and every Swift file of every target, and
lists each `import` of a package module that is not among the target's direct dependencies.

Usage: python3 .ci/check-target-imports.py [PACKAGE_DIR]
"""

import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)"
)


def module_name(target_name):
    return re.sub(r"[^A-Za-z0-9_]", "_", target_name)


def default_path(target):
    kind = target["type"]
    folder = {"test": "Tests", "plugin": "Plugins"}.get(kind, "Sources")
    return os.path.join(folder, target["name"])


def declared_dependencies(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for form in ("byName", "target", "product"):
            if form in dependency and dependency[form]:
                names.add(module_name(dependency[form][0]))
    return names


def swift_files(root, excluded):
    excluded = {os.path.normpath(os.path.join(root, path)) for path in excluded}
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(
            name for name in subfolders if os.path.normpath(os.path.join(folder, name)) not in excluded
        )
        for name in sorted(files):
            path = os.path.join(folder, name)
            if name.endswith(".swift") and os.path.normpath(path) not in excluded:
                yield path


def main():
    package_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    manifest = json.loads(
        subprocess.run(
            ["swift", "package", "--package-path", package_dir, "dump-package"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    targets = manifest["targets"]
    package_modules = {module_name(target["name"]) for target in targets}
    problems = []
    for target in targets:
        own = module_name(target["name"])
        allowed = declared_dependencies(target) | {own}
        root = os.path.join(package_dir, target.get("path") or default_path(target))
        for path in swift_files(root, target.get("exclude", [])):
            with open(path, encoding="utf-8", errors="replace") as source:
                for number, line in enumerate(source, start=1):
                    match = IMPORT.match(line)
                    if not match:
                        continue
                    module = match.group(1)
                    if module in package_modules and module not in allowed:
                        relative = os.path.relpath(path, package_dir)
                        problems.append(
                            f"{relative}:{number}:1: error: target '{target['name']}' imports '{module}' "
                            f"but does not depend on it; add \"{module}\" to its dependencies in Package.swift"
                        )
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"every import of a package module is a declared dependency ({len(targets)} targets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
