// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "InstantScan",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "InstantScan", targets: ["InstantScan"]),
        .executable(name: "instantscan", targets: ["instantscan"]),
        .executable(name: "instantscan-review", targets: ["instantscan-review"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        // `swift package generate-documentation --target InstantScan` (the DocC catalogue).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `instantscan review`'s loopback HTTP server: small, no dependencies of its own (no SwiftNIO).
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
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
        // libjpeg's own API (libjpeg-turbo), for what TurboJPEG does not offer: decoding a band of
        // rows and columns (CShims/jpeg_band.c).
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CLCMS2",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
        ),
        // HEIF/HEIC and AVIF. 1.18 or later: photos from recent iPhones need it (`make deps` takes it
        // from Debian's backports where the release's own libheif is older).
        .systemLibrary(
            name: "CLibHeif",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev", "libheif-plugin-libde265", "libheif-plugin-dav1d"]), .brew(["libheif"])]
        ),
        // libpng reports errors by longjmp, which Swift cannot survive: every libpng call lives here.
        // zlib directly too: PNG image data is deflated in row bands (png_deflate.c). libjpeg reports
        // errors by longjmp as well (jpeg_band.c). The warp's SIMD kernel (warp_bilinear.c) picks its
        // instruction set at run time through target attributes: no compiler flags. lcms2 converts
        // RGBA pixels gathered into packed RGB, for which it has fast formatters (lcms_rgb.c).
        .target(name: "CShims", dependencies: ["CPNG", "CJPEG", "CLCMS2"], linkerSettings: [.linkedLibrary("z")]),
        .target(
            name: "InstantScan",
            dependencies: [
                "CTurboJPEG", "CPNG", "CLCMS2", "CShims", "CLibHeif",
            ]
        ),
        // What both executables share: the scan options, messages, exit codes, a print's JSON.
        .target(
            name: "CLISupport",
            dependencies: [
                "InstantScan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(
            name: "instantscan",
            dependencies: [
                "InstantScan", "CLISupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // `instantscan review` runs this executable, found beside `instantscan` (as git runs
        // git-foo): its HTTP server brings in FoundationNetworking, libcurl and their TLS stack,
        // which every scan would otherwise map at start (about 6 MB of RSS).
        .executableTarget(
            name: "instantscan-review",
            dependencies: [
                "InstantScan", "CLISupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            // The review page: plain HTML, CSS and JavaScript, served as they are (no build step).
            resources: [.copy("Review/Page")]
        ),
        .testTarget(
            name: "InstantScanTests",
            dependencies: [
                "InstantScan", "instantscan", "instantscan-review", "CLISupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The phone HEICs are read from their folder by path, with their licence beside them.
            exclude: ["HEIF/Phones"],
            resources: []
        ),
    ],
    swiftLanguageModes: [.v6]
)
