#!/usr/bin/env bash
# Type-checks the SwiftUI layer (`#if canImport(SwiftUI)` in RelaySwiftUI) on a machine
# without SwiftUI, against the stand-in in Tests/Fixtures/SwiftUIStub, with seed 004's view and
# the golden `ChangeTodoStatus.swift` (which imports Relay and RelaySwiftUI, as seed 004's does).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
flags=(-swift-version 6 -warnings-as-errors -I "$out")
# The package's modules are one package, as SwiftPM builds them (so Relay's conformances of
# Foundation types to RelayContract's protocols are not retroactive).
package_flags=(-package-name relay_swift)
swiftc "${flags[@]}" -parse-as-library -emit-module -module-name SwiftUI -emit-module-path "$out/SwiftUI.swiftmodule" \
    Tests/Fixtures/SwiftUIStub/SwiftUI.swift
for module in RelayContract RelayState; do
    swiftc "${flags[@]}" "${package_flags[@]}" -emit-module -module-name "$module" -emit-module-path "$out/$module.swiftmodule" \
        $(find "Sources/$module" -name '*.swift' | sort)
done
swiftc "${flags[@]}" "${package_flags[@]}" -emit-module -module-name Relay -emit-module-path "$out/Relay.swiftmodule" \
    $(find Sources/Runtime -name '*.swift' | sort)
swiftc "${flags[@]}" "${package_flags[@]}" -emit-module -module-name RelaySwiftUI -emit-module-path "$out/RelaySwiftUI.swiftmodule" \
    Sources/RelaySwiftUI/*.swift
swiftc "${flags[@]}" -typecheck Tests/Fixtures/SwiftUIStub/SeedViews.swift Golden/todo/Sources/ChangeTodoStatus.swift \
    Golden/todo/expected/*.swift
echo "SwiftUI layer type-checks against the stand-in."
