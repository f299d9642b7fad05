// swift-tools-version:6.0
import PackageDescription

// The products do without the implicitly imported _StringProcessing module (Regex and the
// collection algorithms built on it): one use links it and its regex parser whole, about 1 MB of
// the static binary. Text helpers of our own live in MetroCore/Text.
let lean: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"]), .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "metro-timer",
    products: [
        .executable(name: "metro-timer", targets: ["metro-timer"]),
        .executable(name: "timetable-gen", targets: ["timetable-gen"]),
    ],
    targets: [
        // The rider's core: the network model, router, service model and schedule engine, trips
        // and corrections, calibration as a ride uses it, the journal and its report, search,
        // strings, the calendar and pocket cards. No printing, no exit, no environment reads, no
        // terminal. Every binary links it.
        .target(name: "MetroCore", swiftSettings: lean),
        // The data compiler: published timetable text -> the network, the backtest and the GTFS
        // feed with its ZIP writer. Only timetable-gen links it.
        .target(name: "MetroData", dependencies: ["MetroCore"], swiftSettings: lean),
        // The lab: the ride simulator, its world families, earliness floors and the pooling of
        // shared field journals. Only timetable-gen links it.
        .target(name: "MetroLab", dependencies: ["MetroCore", "MetroData"], swiftSettings: lean),
        // Argument parsing, help, errors and exit codes, output sinks and atomic files, shared by
        // both executables so that they speak one convention.
        .target(name: "CLIKit", dependencies: ["MetroCore"], swiftSettings: lean),
        // The optional air-raid status check: the only network access, a mode of metro-timer
        // (`metro-timer __alerts`) that it runs as a child process of its own, so that with the
        // check disabled nothing starts it. It asks through the system's curl, so it links no
        // networking library itself (a static build carries none). A library since it stopped
        // being a binary of its own (docs/decisions/0060); the name is kept.
        .target(name: "metro-timer-alerts", dependencies: ["MetroCore", "CLIKit"], swiftSettings: lean),
        // The commands of each executable, as libraries the tests import.
        .target(name: "MetroTimerCLI", dependencies: ["MetroCore", "CLIKit", "metro-timer-alerts"], swiftSettings: lean),
        .target(name: "TimetableGenCLI", dependencies: ["MetroCore", "MetroData", "MetroLab", "CLIKit"], swiftSettings: lean),
        // The executables are entry points only: t0 first, then the call.
        .executableTarget(name: "metro-timer", dependencies: ["MetroTimerCLI", "CLIKit", "metro-timer-alerts"], swiftSettings: lean),
        .executableTarget(name: "timetable-gen", dependencies: ["TimetableGenCLI", "MetroCore", "CLIKit"], swiftSettings: lean),
        // MetroTestSupport: the helpers both test targets use (paths and fixtures, the Kyiv
        // clock and network, the in-process CLI, ProcessRunner, the daytime clock, test doubles).
        // A library only the test targets depend on; it imports XCTest.
        .target(
            name: "MetroTestSupport",
            dependencies: ["MetroCore", "MetroData", "MetroLab", "CLIKit", "MetroTimerCLI"],
            path: "Tests/MetroTestSupport",
            exclude: ["Fixtures"]
        ),
        // ProcessTests: the tests that start real processes (the binaries, a terminal under
        // tmux, shells, strace, libfaketime) and the release checks.
        .testTarget(
            name: "ProcessTests",
            dependencies: [
                "MetroCore", "MetroData", "MetroLab", "CLIKit", "MetroTimerCLI", "TimetableGenCLI", "metro-timer-alerts",
                "MetroTestSupport",
            ]
        ),
        // FastTests: the in-process tests of the libraries and the commands, the inner loop
        // (`swift test --disable-swift-testing --filter FastTests`).
        .testTarget(
            name: "FastTests",
            dependencies: [
                "MetroCore", "MetroData", "MetroLab", "CLIKit", "MetroTimerCLI", "TimetableGenCLI", "metro-timer-alerts",
                "MetroTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
