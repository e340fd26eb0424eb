// swift-tools-version: 6.0
// A package outside InstantScan that uses it as a library user would, by path. Its one source
// file is the README's library example, copied in by Examples/run-library-example.sh, which lays
// this package beside a link named InstantScan to the repository (a path dependency is known by
// its folder's name).
import PackageDescription

let package = Package(
    name: "LibraryClient",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../InstantScan"),
    ],
    targets: [
        .executableTarget(
            name: "LibraryClient",
            dependencies: [.product(name: "InstantScan", package: "InstantScan")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
