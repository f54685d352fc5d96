// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SpokenForm",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SpokenForm", targets: ["SpokenForm"]),
        .library(name: "SpokenFormCSV", targets: ["SpokenFormCSV"]),
        .executable(name: "spokenform", targets: ["spokenform"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (scripts/docs.sh); a command plugin, not linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Plain C/C++ bridge: the only place that includes ICU and libphonenumber headers.
        .target(
            name: "CICU",
            linkerSettings: [
                .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
                .linkedLibrary("phonenumber"), .linkedLibrary("stdc++"),
            ]
        ),
        .target(name: "SpokenForm", dependencies: ["CICU"], plugins: ["EmbedLocales"]),
        .target(name: "SpokenFormCSV", dependencies: ["SpokenForm"]),
        .executableTarget(
            name: "spokenform",
            dependencies: [
                "SpokenForm", "SpokenFormCSV",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Build-time tool that embeds Locales/ into the library, so a copied binary still works.
        .executableTarget(name: "LocaleEmbedder"),
        .plugin(name: "EmbedLocales", capability: .buildTool(), dependencies: ["LocaleEmbedder"]),
        .executableTarget(
            name: "SpokenFormBenchmarks",
            dependencies: ["SpokenForm", "CICU"],
            path: "Benchmarks/SpokenFormBenchmarks"
        ),
        // Golden/ holds the golden files the tests read from the source tree.
        .testTarget(name: "SpokenFormTests", dependencies: ["SpokenForm", "CICU"], exclude: ["Golden"]),
        .testTarget(name: "SpokenFormCSVTests", dependencies: ["SpokenFormCSV", "SpokenForm"]),
        // Runs the built `spokenform` binary (it sits beside the test bundle).
        .testTarget(name: "CLITests", dependencies: ["spokenform"]),
    ],
    cxxLanguageStandard: .cxx17
)
