// swift-tools-version:6.0
// Coverage-guided fuzzing of SpokenForm's parsers with libFuzzer (see scripts/fuzz.sh).
// A package of its own so that the main build never links libFuzzer: scripts/fuzz.sh
// builds it with AddressSanitizer and coverage on every target, and only these
// executables link libFuzzer. Each one's main.swift hands its function to libFuzzer's
// driver (`LLVMFuzzerRunDriver`): SwiftPM points `main` at the target's own entry point,
// so libFuzzer's `main` cannot be the one that runs.
import PackageDescription

let fuzzTargets = ["FuzzCSV", "FuzzNumber", "FuzzDate", "FuzzPhone", "FuzzExpand", "FuzzTag", "FuzzText", "FuzzCatalog", "FuzzStringsdict", "FuzzAndroidStrings", "FuzzGettext"]

let package = Package(
    name: "SpokenFormFuzz",
    dependencies: [.package(name: "SpokenForm", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "SpokenForm", package: "SpokenForm"), .product(name: "SpokenFormCatalog", package: "SpokenForm")]),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "FuzzSupport",
                .product(name: "SpokenForm", package: "SpokenForm"),
                .product(name: "SpokenFormCSV", package: "SpokenForm"),
                .product(name: "SpokenFormCatalog", package: "SpokenForm"),
            ],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]
        )
    }
)
