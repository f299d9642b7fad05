#!/usr/bin/env bash
# Fuzz one of MetroCore's parsers with libFuzzer.
#
#   fuzz/run.sh TARGET SECONDS     # fuzz for SECONDS, starting from fuzz/corpus/TARGET
#   fuzz/run.sh TARGET 0           # replay the checked-in corpus only (what CI always does)
#   fuzz/run.sh all SECONDS        # every target in turn
#
# Targets: trip journal calibration changes settings csv portal search network. New inputs libFuzzer
# finds go to .build/fuzz/work/TARGET (not committed); a crash is written to
# .build/fuzz/crashes/ and the run fails: add the input to fuzz/corpus/TARGET and an XCTest.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(trip journal calibration changes settings csv portal search network)
target=${1:?usage: fuzz/run.sh TARGET|all SECONDS}
seconds=${2:?usage: fuzz/run.sh TARGET|all SECONDS}
bin=.build/fuzz/metro-fuzz

sources=(fuzz/Targets.swift $(find Sources/MetroCore -name '*.swift' | sort))
if [ ! -x "$bin" ] || [ -n "$(find "${sources[@]}" -newer "$bin" 2>/dev/null | head -1)" ]; then
    echo "fuzz: building $bin (swiftc -sanitize=fuzzer,address)" >&2
    mkdir -p .build/fuzz
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name MetroFuzz "${sources[@]}" -o "$bin"
fi

run() {  # run TARGET SECONDS
    local name=$1 corpus=fuzz/corpus/$1 work=.build/fuzz/work/$1
    mkdir -p "$work" .build/fuzz/crashes "$corpus"
    if [ "$2" = 0 ]; then
        FUZZ_TARGET=$name FUZZ_DATA=Data "$bin" -runs=0 "$corpus" 2>&1 | grep -E "^(INFO: seed corpus|Done|==[0-9]+==ERROR)" || true
        FUZZ_TARGET=$name FUZZ_DATA=Data "$bin" -runs=0 "$corpus" >/dev/null 2>&1 || { echo "fuzz: $name: the corpus crashes" >&2; return 1; }
        echo "fuzz $name: corpus replayed ($(ls "$corpus" | wc -l) inputs), no crash"
    else
        FUZZ_TARGET=$name FUZZ_DATA=Data "$bin" -max_total_time="$2" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix=.build/fuzz/crashes/"$name"- "$work" "$corpus" 2> .build/fuzz/"$name".log || {
            tail -40 .build/fuzz/"$name".log >&2
            echo "fuzz $name: CRASH (see .build/fuzz/crashes/)" >&2
            return 1
        }
        local runs
        runs=$(grep -E "^stat::number_of_executed_units" .build/fuzz/"$name".log | awk '{print $2}')
        echo "fuzz $name: $runs executions in $2 s, no crash"
    fi
}

if [ "$target" = all ]; then
    for name in "${targets[@]}"; do run "$name" "$seconds"; done
else
    run "$target" "$seconds"
fi
