#!/usr/bin/env bash
# Fuzz one of MetroCore's parsers with libFuzzer.
#
#   fuzz/run.sh TARGET SECONDS     # fuzz for SECONDS, starting from fuzz/corpus/TARGET
#   fuzz/run.sh TARGET 0           # replay the checked-in corpus only (what CI always does)
#   fuzz/run.sh all SECONDS        # every target in turn
#   fuzz/run.sh TARGET SECONDS RUNS  # stop after RUNS executions (or SECONDS, whichever is first)
#
# Targets: trip journal calibration changes settings csv portal search network shared (MetroCore's decoders and
# what is computed on their values), and journal-command calibration-command changes-command
# routes-command (the commands themselves, end to end on the input as their file). New inputs libFuzzer
# finds go to .build/fuzz/work/TARGET (not committed); a crash is written to
# .build/fuzz/crashes/ and the run fails: add the input to fuzz/corpus/TARGET and an XCTest.
# FUZZ_BUILD=DIR builds the binaries and keeps the logs and crashes in DIR instead of .build/fuzz
# (a long run can go on with its own binary while the sources change).
set -euo pipefail
cd "$(dirname "$0")/.."
core_targets=(trip journal calibration changes settings csv portal search network shared)
command_targets=(journal-command calibration-command changes-command routes-command)
targets=("${core_targets[@]}" "${command_targets[@]}")
target=${1:?usage: fuzz/run.sh TARGET|all SECONDS}
seconds=${2:?usage: fuzz/run.sh TARGET|all SECONDS [RUNS]}
runs_limit=${3:-}
build=${FUZZ_BUILD:-.build/fuzz}
core_bin=$build/metro-fuzz
command_bin=$build/metro-fuzz-commands
core_sources=($(find Sources/MetroCore -name '*.swift' | sort))
data_sources=($(find Sources/MetroData -name '*.swift' | sort))
lab_sources=($(find Sources/MetroLab -name '*.swift' | sort))
kit_sources=($(find Sources/CLIKit -name '*.swift' | sort))
alerts_sources=($(find Sources/metro-timer-alerts -name '*.swift' | sort))
cli_sources=($(find Sources/MetroTimerCLI -name '*.swift' | sort))
modules=$build/modules

built=" "  # the modules compiled by this run: both binaries need MetroCore, compiled once
module() {  # module NAME SOURCES...: a library module as SwiftPM builds it, testable
    local name=$1; shift
    case "$built" in *" $name "*) return ;; esac
    built+="$name "
    swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -enable-testing -package-name metro_timer -module-name "$name" -I "$modules" \
        -emit-module -emit-module-path "$modules/$name.swiftmodule" -c "$@" -o "$modules/$name.o"
}

# MetroCore, MetroData (the timetable compiler's CSV and portal readers) and MetroLab (the pooling
# of shared journals) as modules of their own, the targets in one binary that imports them.
build_core() {
    local sources=(fuzz/Targets.swift "${core_sources[@]}" "${data_sources[@]}" "${lab_sources[@]}")
    if [ ! -x "$core_bin" ] || [ -n "$(find "${sources[@]}" -newer "$core_bin" 2>/dev/null | head -1)" ]; then
        echo "fuzz: building $core_bin (swiftc -sanitize=fuzzer,address)" >&2
        mkdir -p "$modules"
        module MetroCore "${core_sources[@]}"
        module MetroData "${data_sources[@]}"
        module MetroLab "${lab_sources[@]}"
        swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name metro_timer -module-name MetroFuzz -I "$modules" \
            fuzz/Targets.swift "$modules/MetroCore.o" "$modules/MetroData.o" "$modules/MetroLab.o" -o "$core_bin"
    fi
}

# MetroCore, CLIKit, metro_timer_alerts and MetroTimerCLI as modules of their own (as SwiftPM
# builds them), the command targets in one binary that imports them.
build_commands() {
    local sources=(fuzz/CommandTargets.swift "${core_sources[@]}" "${kit_sources[@]}" "${alerts_sources[@]}" "${cli_sources[@]}")
    if [ ! -x "$command_bin" ] || [ -n "$(find "${sources[@]}" -newer "$command_bin" 2>/dev/null | head -1)" ]; then
        echo "fuzz: building $command_bin (swiftc -sanitize=fuzzer,address)" >&2
        mkdir -p "$modules"
        module MetroCore "${core_sources[@]}"
        module CLIKit "${kit_sources[@]}"
        module metro_timer_alerts "${alerts_sources[@]}"
        module MetroTimerCLI "${cli_sources[@]}"
        swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name metro_timer -module-name MetroFuzzCommands -I "$modules" \
            fuzz/CommandTargets.swift "$modules/MetroCore.o" "$modules/CLIKit.o" "$modules/metro_timer_alerts.o" "$modules/MetroTimerCLI.o" -o "$command_bin"
    fi
}

run() {  # run TARGET SECONDS
    local name=$1 corpus=fuzz/corpus/$1 work=.build/fuzz/work/$1 bin=$core_bin
    case " ${command_targets[*]} " in *" $name "*) bin=$command_bin; build_commands ;; *) build_core ;; esac
    mkdir -p "$work" "$build/crashes" "$corpus"
    if [ "$2" = 0 ]; then
        FUZZ_TARGET=$name FUZZ_DATA=Data "$bin" -runs=0 "$corpus" 2>&1 | grep -E "^(INFO: seed corpus|Done|==[0-9]+==ERROR)" || true
        FUZZ_TARGET=$name FUZZ_DATA=Data "$bin" -runs=0 "$corpus" >/dev/null 2>&1 || { echo "fuzz: $name: the corpus crashes" >&2; return 1; }
        echo "fuzz $name: corpus replayed ($(ls "$corpus" | wc -l) inputs), no crash"
    else
        local started=$SECONDS
        FUZZ_TARGET=$name FUZZ_DATA=Data "$bin" -max_total_time="$2" ${runs_limit:+-runs=$runs_limit} -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix="$build/crashes/$name-" "$work" "$corpus" 2> "$build/$name.log" || {
            tail -40 "$build/$name.log" >&2
            echo "fuzz $name: CRASH (see $build/crashes/)" >&2
            return 1
        }
        local runs
        runs=$(grep -E "^stat::number_of_executed_units" "$build/$name.log" | awk '{print $2}')
        echo "fuzz $name: $runs executions in $((SECONDS - started)) s, no crash"
    fi
}

if [ "$target" = all ]; then
    for name in "${targets[@]}"; do run "$name" "$seconds"; done
else
    run "$target" "$seconds"
fi
