// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "InstantScan",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "InstantScan", targets: ["InstantScan"]),
        .executable(name: "instantscan", targets: ["instantscan"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        // `swift package generate-documentation --target InstantScan` (the DocC catalogue).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CLCMS2",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
        ),
        // libpng reports errors by longjmp, which Swift cannot survive: every libpng call lives here.
        // zlib directly too: PNG image data is deflated in row bands (png_deflate.c).
        .target(name: "CShims", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("z")]),
        .target(
            name: "InstantScan",
            dependencies: [
                "CTurboJPEG", "CPNG", "CLCMS2", "CShims",
            ]
        ),
        .executableTarget(
            name: "instantscan",
            dependencies: [
                "InstantScan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "InstantScanTests",
            dependencies: [
                "InstantScan", "instantscan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: []
        ),
    ],
    swiftLanguageModes: [.v6]
)
