// swift-tools-version:6.2
import PackageDescription

// The HTTP back end lives in its own package so that the SpokenForm package itself
// never pulls in a web framework. Hummingbird 2.28 needs tools version 6.2.
let package = Package(
    name: "SpokenFormServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "SpokenFormServer", targets: ["SpokenFormServer"]),
    ],
    dependencies: [
        // The checkout folder may have any name, so the package is named here.
        .package(name: "SpokenForm", path: "../.."),
        // No default traits: the server reads its settings from the command line, so
        // swift-configuration (the ConfigurationSupport trait) would only add build time.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Already under Hummingbird; named for ByteBuffer and Channel (NIOCore), the event
        // loops' timers (NIOPosix), its pthread lock (NIOConcurrencyHelpers) and the HTTP
        // parser's errors (NIOHTTP1).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // Already under Hummingbird; named for the HTTP parts a channel handler sees (NIOHTTPTypes).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.0"),
    ],
    targets: [
        // Routes, request handling and errors: a library, so the tests can reuse its types.
        .target(
            name: "SpokenFormService",
            dependencies: [
                .product(name: "SpokenForm", package: "SpokenForm"),
                .product(name: "SpokenFormCSV", package: "SpokenForm"),
                .product(name: "SpokenFormCatalog", package: "SpokenForm"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            // The listening page (GET /): plain files, no build step, read once at start.
            resources: [.copy("ListenPage")]
        ),
        .executableTarget(
            name: "SpokenFormServer",
            dependencies: [
                "SpokenFormService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Start the built SpokenFormServer binary on 127.0.0.1 and talk HTTP to it.
        .testTarget(
            name: "SpokenFormServerTests",
            dependencies: [
                "SpokenFormServer", "SpokenFormService",
                .product(name: "SpokenForm", package: "SpokenForm"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "SpokenFormCSV", package: "SpokenForm"),
            ]
        ),
    ]
)
