#!/usr/bin/env bash
# Type-checks the SwiftUI layer (`#if canImport(SwiftUI)` in Relay and RelaySwiftUI) on a machine
# without SwiftUI, against the stand-in in Tests/Fixtures/SwiftUIStub, with seed 004's view and
# `ChangeTodoStatus.swift` importing both Relay and RelaySwiftUI.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
flags=(-swift-version 6 -warnings-as-errors -I "$out")
swiftc "${flags[@]}" -parse-as-library -emit-module -module-name SwiftUI -emit-module-path "$out/SwiftUI.swiftmodule" \
    Tests/Fixtures/SwiftUIStub/SwiftUI.swift
swiftc "${flags[@]}" -emit-module -module-name Relay -emit-module-path "$out/Relay.swiftmodule" \
    $(find Sources/Runtime -name '*.swift' | sort)
swiftc "${flags[@]}" -emit-module -module-name RelaySwiftUI -emit-module-path "$out/RelaySwiftUI.swiftmodule" \
    Sources/RelaySwiftUI/*.swift
sed 's/^import Relay$/import Relay\nimport RelaySwiftUI/' Golden/todo/Sources/ChangeTodoStatus.swift \
    > "$out/ChangeTodoStatus.swift"
swiftc "${flags[@]}" -typecheck Tests/Fixtures/SwiftUIStub/SeedViews.swift "$out/ChangeTodoStatus.swift" \
    Golden/todo/expected/*.swift
echo "SwiftUI layer type-checks against the stand-in."
