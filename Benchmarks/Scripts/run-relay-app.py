#!/usr/bin/env python3
"""Runs a JavaScript Relay app's GraphQL on relay-swift's runtime with generated data, as a team
porting it would check it before writing a screen:

1. ports the app as compile-relay-app.py does (its Swift files hold the same documents, its
   configuration file and schema unchanged), compiling with `--test-support`;
2. builds the generated code with a small program that runs RelayTesting's GeneratedDataCheck on
   every operation and fragment (each operation in several shapes: lists of one, several and
   none, nullable fields present and null, each object type of an abstract field in turn; an
   operation with @defer or @stream in the parts a server sends, in order);
3. prints, per app: operations run, failures by kind, normalize and read throughput (records
   per second, operations per second), peak memory, and the slowest operations.

Its last line is `apps-run: N operations, M failures`.

Usage: Benchmarks/Scripts/run-relay-app.py [--release] [--schema SDL] APP_DIR [[--schema SDL] APP_DIR ...]
(the same arguments as compile-relay-app.py; --release measures a release build, after
`swift build -c release --product relay-swift-compiler --target RelayTesting`).
`--synthetic N` in place of an app runs the first N definitions of the synthetic GitHub project
(make-synthetic-project.py, over ../shared/workloads; its custom scalars carried as strings).
Run from the repository's root, after `swift build`.
"""

import importlib.util
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SPEC = importlib.util.spec_from_file_location("compile_relay_app", os.path.join(os.path.dirname(__file__),
                                                                                 "compile-relay-app.py"))
compile_relay_app = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(compile_relay_app)

# The check's program: runs every definition, prints each run and finding as one JSON line.
CHECK_MAIN = """
import Foundation
import RelayTesting

let report = GeneratedDataCheck(
    operations: RelayDefinitions.operations, fragments: RelayDefinitions.fragments,
    pluralFragments: RelayDefinitions.pluralFragments
).run()
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
for run in report.runs {
    let line: [String: Any] = [
        "run": run.operation, "shape": run.shape, "records": run.records, "bytes": run.bytes, "payloads": run.payloads,
        "fragments": run.fragmentsRead, "normalize": seconds(run.normalizeTime), "read": seconds(run.readTime),
    ]
    print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
}
for fragment in report.unreachedFragments {
    print(String(decoding: try JSONSerialization.data(withJSONObject: ["unreached": fragment]), as: UTF8.self))
}
for finding in report.findings {
    let line = ["finding": finding.kind.rawValue, "text": finding.description]
    print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
}
"""

# The modules the check links, as object files of the package's own build.
MODULES = ["Relay", "RelayContract", "RelayState", "RelayTesting"]


def port(app, compiler, schema):
    """The app's copy compiled with test support: its folder, or None when it did not compile."""
    app = os.path.abspath(app)
    config, sources, schemas, excludes = compile_relay_app.relay_config(app)
    work = tempfile.mkdtemp(prefix="relay-app-run-")
    compile_relay_app.write_swift_sources(app, sources, excludes, work)
    for source in sources:
        os.makedirs(os.path.join(work, source), exist_ok=True)
    # Persisting is not what is checked here: ids come from the text alone.
    config = {key: value for key, value in config.items() if key != "persistConfig"}
    with open(os.path.join(work, "relay.config.json"), "w") as file:
        json.dump(config, file, indent=2)
    compile_relay_app.copy_schemas(app, work, schemas)
    command = [compiler, "--config", os.path.join(work, "relay.config.json"), "--no-cache", "--test-support"]
    if schema:
        command += ["--schema", os.path.abspath(schema)]
    return compiled(command, os.path.basename(app), work)


def compiled(command, name, work):
    """`work` once `command` compiled it; None, saying why, when it did not."""
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        print(f"== {name}: does not compile\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
        return None
    return work


def synthetic(definitions, compiler):
    """The synthetic GitHub project's first `definitions` definitions, compiled with test support."""
    workloads = os.path.join(ROOT, "..", "shared", "workloads")
    if not os.path.isdir(workloads):
        print(f"== synthetic: skipped, {workloads} is absent")
        return None
    work = tempfile.mkdtemp(prefix="relay-synthetic-run-")
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "make-synthetic-project.py"),
                    os.path.join(workloads, "github-queries.graphql"), os.path.join(work, "Sources"),
                    str(definitions)], check=True, capture_output=True)
    schema = os.path.join(workloads, "github-schema.graphql")
    command = [compiler, "--src", os.path.join(work, "Sources"), "--schema", schema, "--no-cache", "--test-support"]
    for line in open(schema, encoding="utf-8"):
        if line.startswith("scalar "):
            command += ["--custom-scalar", line.split()[1] + "=String"]
    return compiled(command, "synthetic", work)


def build_check(work, bin_path):
    """The check's executable for the app in `work`."""
    # The generated code alone: the ported sources hold only the documents it was made from.
    flat, files = compile_relay_app.flattened_swift_files(work, "relay-app-check-", ".graphql.swift")
    main = os.path.join(flat, "main.swift")
    with open(main, "w") as file:
        file.write(CHECK_MAIN)
    modules = os.path.join(bin_path, "Modules")
    objects = [os.path.join(bin_path, module + ".build", name) for module in MODULES
               for name in sorted(os.listdir(os.path.join(bin_path, module + ".build"))) if name.endswith(".o")]
    executable = os.path.join(flat, "check")
    optimize = ["-O"] if "release" in bin_path else []
    build = subprocess.run(
        ["swiftc", "-swift-version", "6", "-module-name", "AppCheck", "-I", modules if os.path.isdir(modules) else
         bin_path] + optimize + sorted(files) + [main] + objects + ["-o", executable],
        capture_output=True, text=True)
    if build.returncode != 0:
        errors = [line for line in build.stderr.splitlines() if "error:" in line]
        print("   the check does not build:\n   " + "\n   ".join(errors[:20] or build.stderr.splitlines()[:20]))
        return None
    return executable


def run(app, executable):
    """Runs the check; prints the app's figures; returns (operations, failures)."""
    # The check's own peak memory (not the compiler's before it): its rusage, as it exits.
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen([executable], stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    returncode = os.waitstatus_to_exitcode(status)
    # Linux gives kilobytes, macOS bytes.
    peak = usage.ru_maxrss / (1024 if sys.platform == "darwin" else 1)
    runs, findings, unreached = [], [], []
    for line in stdout.splitlines():
        item = json.loads(line)
        if "unreached" in item:
            unreached.append(item["unreached"])
        else:
            (runs if "run" in item else findings).append(item)
    if returncode != 0:
        findings.append({"finding": "error", "text": f"the check exited with {returncode}: "
                                                    f"{stderr.strip()[-400:]}"})
    operations = sorted({item["run"] for item in runs})
    records = sum(item["records"] for item in runs)
    normalize = sum(item["normalize"] for item in runs)
    read = sum(item["read"] for item in runs)
    fragments = sum(item["fragments"] for item in runs)
    kinds = {}
    for item in findings:
        kinds[item["finding"]] = kinds.get(item["finding"], 0) + 1
    parted = [item for item in runs if item.get("payloads", 1) > 1]
    print(f"== {os.path.basename(os.path.abspath(app))}: {len(operations)} operations, {len(runs)} runs "
          f"(operation × shape), {fragments} fragment reads, {records} records")
    if parted:
        print(f"   delivered in parts (@defer, @stream): {len(parted)} runs of "
              f"{len({item['run'] for item in parted})} operations, "
              f"{sum(item['payloads'] for item in parted)} payloads")
    print(f"   failures: {len(findings)}" + (f" ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))})"
                                             if kinds else ""))
    for item in findings[:20]:
        print("   " + item["text"])
    if unreached:
        print(f"   fragments no operation's data reaches ({len(unreached)}): {', '.join(unreached[:12])}"
              + (" …" if len(unreached) > 12 else ""))
    if runs:
        print(f"   normalize (JSON parse + write): {records / normalize:,.0f} records/s, "
              f"{len(runs) / normalize:,.0f} operations/s")
        print(f"   read (operation + every fragment, raw and typed): {records / read:,.0f} records/s, "
              f"{len(runs) / read:,.0f} operations/s")
        print(f"   peak memory of the check: {peak / 1024:,.1f} MB")
        slowest = sorted(runs, key=lambda item: item["normalize"] + item["read"], reverse=True)[:3]
        print("   slowest: " + ", ".join(
            f"{item['run']} [shape {item['shape']}] {(item['normalize'] + item['read']) * 1e3:.2f} ms "
            f"({item['records']} records)" for item in slowest))
    return len(operations), len(findings)


def main():
    arguments = sys.argv[1:]
    configuration = "debug"
    if arguments[:1] == ["--release"]:
        configuration, arguments = "release", arguments[1:]
    if not arguments:
        print(__doc__)
        return 2
    bin_path = subprocess.run(["swift", "build", "-c", configuration, "--show-bin-path"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout.strip()
    compiler = os.path.join(bin_path, "relay-swift-compiler")
    total_operations = total_failures = 0
    while arguments:
        schema = None
        if arguments[0] == "--schema" and len(arguments) >= 3:
            schema, arguments = arguments[1], arguments[2:]
        app, arguments = arguments[0], arguments[1:]
        if app == "--synthetic" and arguments:
            app, arguments = f"synthetic-{arguments[0]}", arguments[1:]
            work = synthetic(int(app.split("-")[1]), compiler)
        else:
            work = port(app, compiler, schema)
        executable = work and build_check(work, bin_path)
        if not executable:
            total_failures += 1
            continue
        operations, failures = run(app, executable)
        total_operations += operations
        total_failures += failures
    print(f"apps-run: {total_operations} operations, {total_failures} failures")
    return 0 if total_failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
