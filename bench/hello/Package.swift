// swift-tools-version:6.0
// The floor for whole-process time: a Foundation "hello world" built exactly like metro-timer.
import PackageDescription

let package = Package(
    name: "hello",
    targets: [.executableTarget(name: "hello")],
    swiftLanguageModes: [.v6]
)
