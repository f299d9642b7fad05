#!/usr/bin/env bash
# The Swift sources in the checked-in style (.swift-format, the toolchain's `swift format`):
# every file under Sources, Tests and fuzz except the generated embedded network.
#
#   bash .ci/lint-swift.sh          lint; fails on any finding (what CI runs)
#   bash .ci/lint-swift.sh --fix    format the files in place, then lint
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find Sources Tests fuzz -name '*.swift' ! -name 'Network+EmbeddedJSON.swift' | sort)
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --configuration .swift-format "${files[@]}"
fi
if swift format lint --strict --configuration .swift-format "${files[@]}"; then
    echo "lint-swift: ${#files[@]} files in the checked-in style"
else
    echo "lint-swift: the findings above; 'bash .ci/lint-swift.sh --fix' formats, the rest is by hand" >&2
    exit 1
fi
