#!/usr/bin/env python3
"""Compiles every ```swift snippet of README.md and docs/*.md, so the docs never show code that
does not build.

Each snippet becomes a file of the `DocSnippets` target (Tests/DocSnippets/Extracted/), which
compiles with the build plugin against the schema and operations in Tests/DocSnippets (the
names the snippets use without declaring them are `SnippetContext`'s):

- a snippet of declarations (it starts with `import`, `extension`, `struct`, `final class`,
  `func`, `private let … = graphql(`…) is a file as it is;
- a snippet of statements is the body of an async throwing method of `SnippetContext`;
- `<!-- snippet: manifest -->` before a block marks lines of a Package.swift: they are put in a
  manifest and read by `swift package dump-package`;
- `<!-- snippet: generated Golden/<case>/expected/<File>.graphql.swift -->` marks an excerpt of
  generated code: its lines must be lines of that golden file, in order, where `…` in a line
  stands for any text and a line that is only `…` for any number of lines. The golden tests
  compile and run that file, so the excerpt shows code that compiles, as it is generated.

A file holding graphql(…) literals is named after its first definition, as the naming rule
asks. The build runs with the compiler's warnings shown; any warning in a snippet fails the
check, except that a value a snippet declares to show it is never used.

Usage: python3 .ci/check-doc-snippets.py
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
EXTRACTED = os.path.join(ROOT, "Tests", "DocSnippets", "Extracted")
BLOCK = re.compile(r"(?:<!-- snippet: (?P<mark>[a-z]+)(?: (?P<source>[^ ]+))? -->\n)?```swift\n(?P<code>.*?)```", re.S)
DECLARATION = re.compile(
    r"^(import |@|extension |struct |final class |class |enum |protocol |func |(private |public |fileprivate )?let \w+ = graphql\()"
)
DEFINITION = re.compile(r"\b(?:query|mutation|subscription|fragment)\s+([A-Za-z_][A-Za-z0-9_]*)")
# Warnings that only come from compiling a snippet out of its page: a value shown, not used.
TOLERATED = re.compile(r"(was never used|never read)")


def documents():
    return [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def first_code_line(code):
    for line in code.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("//"):
            return stripped
    return ""


def file_stem(document, index, code):
    """A name the naming rule accepts for the snippet's graphql(…) literals, else its place."""
    if "graphql(" in code:
        match = DEFINITION.search(code)
        if match:
            name = match.group(1)
            if "_" in name:
                return name.split("_")[0]
            for suffix in ("Query", "Mutation", "Subscription"):
                if name.endswith(suffix) and len(name) > len(suffix):
                    return name[: -len(suffix)]
            return name
    return f"Snippet_{os.path.splitext(os.path.basename(document))[0]}_{index}"


def swift_file(code, method):
    without_imports = "\n".join(line for line in code.splitlines() if not line.startswith("import "))
    if DECLARATION.match(first_code_line(without_imports)):
        return code if code.startswith("import") else "import Foundation\nimport Relay\n\n" + code
    imports = [line for line in code.splitlines() if line.startswith("import ")]
    body = [line for line in code.splitlines() if not line.startswith("import ")]
    header = "\n".join(["import Foundation", "import Relay"] + imports)
    indented = "\n".join(("        " + line) if line.strip() else "" for line in body)
    return f"{header}\n\nextension SnippetContext {{\n    func {method}() async throws {{\n{indented}\n    }}\n}}\n"


def line_pattern(line):
    """A block line as a pattern for one generated line: `…` stands for any text."""
    return re.compile("^" + ".*".join(re.escape(part) for part in line.split("…")) + "$")


def check_generated_excerpt(code, source, where):
    """Every line of the excerpt is a line of the golden file, in order (`…` alone: any lines)."""
    if not source:
        print(f"{where}: error: a generated excerpt names no golden file", file=sys.stderr)
        return False
    path = os.path.join(ROOT, source)
    if not os.path.isfile(path):
        print(f"{where}: error: {source} does not exist", file=sys.stderr)
        return False
    lines = open(path, encoding="utf-8").read().splitlines()
    position, skipping = 0, True  # an excerpt may begin anywhere in the file
    for offset, shown in enumerate(code.splitlines()):
        if shown.strip() == "…":
            skipping = True
            continue
        pattern = line_pattern(shown)
        if skipping:
            found = next((i for i in range(position, len(lines)) if pattern.match(lines[i])), None)
        else:
            found = position if position < len(lines) and pattern.match(lines[position]) else None
        if found is None:
            print(
                f"{where}: error: line {offset + 1} of the excerpt is not the next line of {source}: {shown!r}",
                file=sys.stderr,
            )
            return False
        position, skipping = found + 1, False
    return True


def check_manifest(code, where):
    folder = tempfile.mkdtemp(prefix="doc-manifest-")
    try:
        with open(os.path.join(folder, "Package.swift"), "w") as manifest:
            manifest.write(
                "// swift-tools-version:6.1\nimport PackageDescription\n"
                f'let package = Package(\n    name: "Snippet",\n{code}\n)\n'
            )
        os.makedirs(os.path.join(folder, "Sources", "todo"))
        with open(os.path.join(folder, "Sources", "todo", "main.swift"), "w") as main:
            main.write("")
        result = subprocess.run(
            ["swift", "package", "--package-path", folder, "dump-package"], capture_output=True, text=True
        )
        # The dependency's path need not exist to read the manifest; a syntax or type error fails.
        if result.returncode != 0:
            print(f"{where}: error: the Package.swift lines do not read:\n{result.stderr}", file=sys.stderr)
            return False
        return True
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    shutil.rmtree(EXTRACTED, ignore_errors=True)
    os.makedirs(EXTRACTED)
    origins = {}
    compiled = excerpts = manifests = 0
    ok = True
    for document in documents():
        text = open(document, encoding="utf-8").read()
        for index, match in enumerate(BLOCK.finditer(text)):
            line = text.count("\n", 0, match.start("code")) + 1
            where = f"{os.path.relpath(document, ROOT)}:{line}"
            code, mark = match.group("code"), match.group("mark")
            if mark == "generated":
                excerpts += 1
                ok = check_generated_excerpt(code, match.group("source"), where) and ok
                continue
            if mark == "manifest":
                manifests += 1
                ok = check_manifest(code, where) and ok
                continue
            if mark:
                print(f"{where}: error: unknown snippet mark '{mark}'", file=sys.stderr)
                ok = False
                continue
            stem = file_stem(document, index, code)
            if stem in origins:
                print(f"{where}: error: a snippet's file {stem}.swift is taken by {origins[stem]}", file=sys.stderr)
                ok = False
                continue
            origins[stem] = where
            method = "snippet_" + re.sub(r"\W", "_", os.path.basename(document)) + f"_{index}"
            with open(os.path.join(EXTRACTED, stem + ".swift"), "w", encoding="utf-8") as out:
                out.write(f"// {where}\n" + swift_file(code, method))
            compiled += 1
    result = subprocess.run(
        ["swift", "build", "--package-path", ROOT, "--target", "DocSnippets"], capture_output=True, text=True
    )
    output = result.stdout + result.stderr
    problems = []
    for line in output.splitlines():
        found = re.match(r"^(/[^:]+/Extracted/([^:/]+)\.swift):(\d+):(\d+): (error|warning): (.*)$", line)
        if not found or (found.group(5) == "warning" and TOLERATED.search(found.group(6))):
            continue
        origin = origins.get(found.group(2), found.group(2))
        extracted = os.path.relpath(found.group(1), ROOT)
        problems.append(f"{origin}: {found.group(5)}: {found.group(6)} (in {extracted}:{found.group(3)})")
    for problem in sorted(set(problems)):
        print(problem, file=sys.stderr)
    if result.returncode != 0 and not problems:
        print(output[-4000:], file=sys.stderr)
    if problems or result.returncode != 0 or not ok:
        return 1
    print(
        f"doc snippets: {compiled} compiled, {manifests} Package.swift excerpt(s) read, "
        f"{excerpts} excerpt(s) of generated code matched to the golden files that compile them"
    )
    return 0


if __name__ == "__main__":
    try:
        code = main()
    finally:
        # The extracted files are not the project's sources: a later build or lint never sees them.
        shutil.rmtree(EXTRACTED, ignore_errors=True)
    sys.exit(code)
