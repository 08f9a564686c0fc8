#!/usr/bin/env python3
"""Ports a JavaScript Relay app's GraphQL to relay-swift unchanged, as a team porting it would
start, and reports what relay-swift makes of it:

1. reads the app's Relay configuration (relay.config.json, or the "relay" key of package.json;
   the single-project form and the multi-project one with "sources" and "projects");
2. writes, for each source file with graphql`...` tags, a Swift file of the same name (Relay's
   naming rule reads the file's name) holding the same documents as graphql(...) literals, at
   the same path in a copy of the app that has its configuration file and schema unchanged;
3. compiles them with `relay-swift-compiler --config <the app's configuration file>`, so
   relay-swift reads the app's own options, with no custom scalar mapped (Relay's default);
4. type-checks the generated Swift against the Relay module;
5. compares every operation text with the one the app's checked-in artifacts (or its persisted
   query map) hold, byte for byte;
6. for an app that persists locally (`persistConfig.file`), checks that every id relay-swift
   wrote is in the app's committed query map with the same text, and that the map relay-swift
   merged into keeps every entry the app had.

Usage: Benchmarks/Scripts/compile-relay-app.py [--schema SDL] APP_DIR [[--schema SDL] APP_DIR ...]
(APP_DIR: one app of a checkout of relayjs/relay-examples, e.g. relay-examples/newsfeed;
--schema: the app's schema as SDL, for an app that prints it from code at build time instead of
checking it in, as data-driven-dependencies does).
Run from the repository's root, after `swift build`.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TAG = re.compile(r"(?:(?<=[\s(,=:\[{!?])|^)graphql\s*`([^`]*)`", re.M)
SOURCE_EXTENSIONS = (".js", ".jsx", ".ts", ".tsx", ".mjs")
SKIPPED_FOLDERS = {"node_modules", "__generated__", ".next", "dist", "build", ".git"}


def relay_config(app):
    """The app's Relay configuration: (the file's JSON, source folders, schema paths, excludes)."""
    path = os.path.join(app, "relay.config.json")
    if os.path.exists(path):
        config = json.load(open(path))
    else:
        config = json.load(open(os.path.join(app, "package.json"))).get("relay")
        if config is None:
            raise SystemExit(f"{app}: no relay.config.json and no \"relay\" in package.json")
    if "projects" in config:
        # The multi-project form: every project's sources and schema.
        root = config.get("root", ".")
        sources = [os.path.join(root, folder) for folder in config.get("sources", {})]
        schemas = [os.path.join(root, project[key]) for project in config["projects"].values()
                   for key in ("schema", "schemaDir") if key in project]
        return config, sources, schemas, config.get("excludes", [])
    return config, [config.get("src", ".")], [config["schema"]], config.get("excludes", [])


def is_excluded(relative, excludes):
    parts = relative.split(os.sep)
    if SKIPPED_FOLDERS.intersection(parts):
        return True
    # relay.config.json's globs here are all "**/<folder>/**".
    return any(pattern.strip("*/") in parts for pattern in excludes)


def write_swift_sources(app, sources, excludes, out):
    """One Swift file per JavaScript file with tags; the documents written, and the names of
    the fragments and operations (refetch queries included) they define."""
    count = 0
    fragments, operations = set(), set()
    for source in sources:
        top = os.path.normpath(os.path.join(app, source))
        for folder, folders, files in os.walk(top):
            folders[:] = sorted(f for f in folders if f not in SKIPPED_FOLDERS)
            for name in sorted(files):
                if not name.endswith(SOURCE_EXTENSIONS):
                    continue
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, app)
                if is_excluded(relative, excludes):
                    continue
                tags = TAG.findall(open(path, encoding="utf-8").read())
                if not tags:
                    continue
                fragments.update(name for tag in tags for name in re.findall(r"\bfragment\s+(\w+)", tag))
                operations.update(
                    name for tag in tags
                    for name in re.findall(r'\b(?:query|mutation|subscription)\s+(\w+)|queryName:\s*"(\w+)"', tag)
                    for name in name if name)
                target = os.path.join(out, os.path.dirname(relative), name.split(".")[0] + ".swift")
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "w", encoding="utf-8") as swift:
                    swift.write("import Relay\n")
                    for index, tag in enumerate(tags):
                        swift.write(f'\nprivate let document{index} = graphql(#"""\n{tag.strip()}\n"""#)\n')
                count += len(tags)
    return count, fragments, operations


def checked_in_texts(app):
    """Operation name -> text, from the app's generated artifacts and persisted query map."""
    persisted = {}
    for name in ("queryMap.json", "persisted_queries.json"):
        path = os.path.join(app, name)
        if os.path.exists(path):
            persisted.update(json.load(open(path)))
    texts = {}
    params = re.compile(r'"params":\s*\{\s*"(?:cacheID|id)":\s*(?:"([^"]*)"|null),.*?"name":\s*"(\w+)",.*?"text":\s*(null|"(?:[^"\\]|\\.)*")', re.S)
    for folder, folders, files in os.walk(app):
        folders[:] = [f for f in folders if f not in ("node_modules", ".next")]
        for name in files:
            if ".graphql." not in name or "$normalization" in name:
                continue
            for key, operation, text in params.findall(open(os.path.join(folder, name), encoding="utf-8").read()):
                if text != "null":
                    texts[operation] = json.loads(text)
                elif key in persisted:
                    texts[operation] = persisted[key]
    return texts


def our_texts(generated):
    """Operation name -> (id, text sent), from relay-swift's artifacts."""
    texts = {}
    for folder, _, files in os.walk(generated):
        for name in files:
            if not name.endswith(".graphql.swift"):
                continue
            match = re.search(r'"params":(\{.*?\})\}\n', open(os.path.join(folder, name), encoding="utf-8").read(), re.S)
            if match:
                params = json.loads(match.group(1))
                if params.get("text"):
                    texts[params["name"]] = (params.get("id"), params["text"])
    return texts


def copy_schemas(app, work, schemas):
    """The app's schema files (or folders) at the same paths in its copy."""
    for schema in schemas:
        source, target = os.path.join(app, schema), os.path.join(work, schema)
        if os.path.isdir(source):
            shutil.copytree(source, target, dirs_exist_ok=True)
        elif os.path.exists(source):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(source, target)


def flattened_swift_files(work, prefix, suffix=".swift"):
    """Copies of the files under `work` whose names end in `suffix` in one new folder, named by
    their paths (one module has one file of each name): (the folder, the copies)."""
    flat = tempfile.mkdtemp(prefix=prefix)
    copies = []
    for folder, _, files in os.walk(work):
        for name in files:
            if name.endswith(suffix):
                relative = os.path.relpath(os.path.join(folder, name), work)
                target = os.path.join(flat, re.sub(r"[^\w.]+", "_", relative))
                with open(target, "w", encoding="utf-8") as copy:
                    copy.write(open(os.path.join(folder, name), encoding="utf-8").read())
                copies.append(target)
    return flat, copies


def port(app, compiler, modules, schema_override=None):
    app = os.path.abspath(app)
    config, sources, schemas, excludes = relay_config(app)
    work = tempfile.mkdtemp(prefix="relay-app-")
    # The copy of the app: its Swift sources where its JavaScript ones are, its configuration
    # file and its schema files, each at the same path.
    documents, fragments, operations = write_swift_sources(app, sources, excludes, work)
    for source in sources:
        os.makedirs(os.path.join(work, source), exist_ok=True)
    with open(os.path.join(work, "relay.config.json"), "w") as file:
        json.dump(config, file, indent=2)
    persist_file = (config.get("persistConfig") or {}).get("file")
    if persist_file:
        # Relay merges into the app's query map, which must exist: the committed one.
        shutil.copyfile(os.path.join(app, persist_file), os.path.join(work, persist_file))
    copy_schemas(app, work, schemas)
    command = [compiler, "--config", os.path.join(work, "relay.config.json"), "--no-cache"]
    if schema_override:
        command += ["--schema", os.path.abspath(schema_override)]
    result = subprocess.run(command, capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    errors = [line for line in output.splitlines() if "error:" in line]
    print(f"== {os.path.basename(app)}: {documents} documents, compile exit {result.returncode}, "
          f"{len(errors)} errors")
    print("   " + output.splitlines()[-1] if output else "")
    for line in errors[:20]:
        print("   " + line.replace(work + "/", ""))
    if result.returncode != 0:
        return False
    out = work
    flat, swift_files = flattened_swift_files(out, "relay-app-typecheck-")
    check = subprocess.run(
        ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "App", "-I", modules]
        + sorted(swift_files),
        capture_output=True, text=True)
    type_errors = [line for line in check.stderr.splitlines() if "error:" in line]
    print(f"   generated code type-checks: {'yes' if check.returncode == 0 else 'no'} "
          f"({len(swift_files)} Swift files, {len(type_errors)} errors)")
    for line in type_errors[:10]:
        print("   " + line.replace(flat + "/", ""))
    theirs, ours = checked_in_texts(app), our_texts(out)
    stale = sorted(set(theirs) - operations)
    if stale:
        # Artifacts of operations the sources no longer define (a tutorial's finished state).
        print(f"   artifacts without a document in the sources, not compared: {', '.join(stale)}")
        theirs = {name: text for name, text in theirs.items() if name in operations}
    same = [name for name in theirs if name in ours and theirs[name] == ours[name][1]]
    print(f"   operation texts byte-for-byte equal to the app's artifacts: {len(same)}/{len(theirs)}")
    for name in sorted(set(theirs) - set(same)):
        print(f"   differs: {name}" + ("" if name in ours else " (no text of ours)"))
    ids_ok = True
    if persist_file:
        committed = json.load(open(os.path.join(app, persist_file)))
        merged = json.load(open(os.path.join(work, persist_file)))
        known = [name for name, (id, text) in ours.items() if committed.get(id) == text]
        kept = all(merged.get(id) == text for id, text in committed.items())
        print(f"   ids in the app's committed {persist_file} with the same text: {len(known)}/{len(ours)}; "
              f"its {len(committed)} entries kept: {'yes' if kept else 'no'}")
        ids_ok = len(known) == len(ours) and kept
    return check.returncode == 0 and len(same) == len(theirs) and ids_ok


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    compiler = os.path.join(bin_path, "relay-swift-compiler")
    modules = os.path.join(bin_path, "Modules")
    if not os.path.isdir(modules):
        modules = bin_path
    results = []
    arguments = sys.argv[1:]
    while arguments:
        schema = None
        if arguments[0] == "--schema" and len(arguments) >= 3:
            schema, arguments = arguments[1], arguments[2:]
        results.append(port(arguments[0], compiler, modules, schema))
        arguments = arguments[1:]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
