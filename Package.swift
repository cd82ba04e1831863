// swift-tools-version: 6.0
// Swift 6.0 builds and runs everything (Debian 13's swiftlang is 6.0.3); the tests need a newer Swift Testing.
import PackageDescription

// The daemon's modules use neither Swift concurrency nor regexes: without their implicit imports, tickerd
// loads neither libswift_Concurrency (with libdispatch) nor libswift_StringProcessing (with its regex
// parser), about 1.6 MB of resident memory. Their release builds leave exclusive access unchecked at run
// time: the checks (a thread-local look-up around every mutation of a class's stored property) were about a
// tenth of a frame's time in user space. Debug builds, and so the tests and the sanitizer runs, keep them.
let daemonModuleSettings: [SwiftSetting] = [
    .unsafeFlags([
        "-Xfrontend", "-disable-implicit-concurrency-module-import",
        "-Xfrontend", "-disable-implicit-string-processing-module-import",
    ]),
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "tickerd",
    products: [
        .executable(name: "tickerd", targets: ["tickerd"]),
        .executable(name: "tickerctl", targets: ["tickerctl"]),
        .executable(name: "tickerbench", targets: ["tickerbench"]),
        .library(name: "TickerCore", targets: ["TickerCore"]),
        .library(name: "TickerWire", targets: ["TickerWire"]),
        .library(name: "PanelCore", targets: ["PanelCore"]),
        // Test-only LD_PRELOAD shim that lets libserialport open pseudo-terminals.
        .library(name: "TickerTestShim", type: .dynamic, targets: ["TickerTestShim"]),
    ],
    targets: [
        // The wire protocol, once: packets, CRC, COBS. Embedded-Swift-clean.
        .target(name: "TickerWire", swiftSettings: daemonModuleSettings),
        // The device side of the protocol. Embedded-Swift-clean.
        .target(name: "PanelCore", dependencies: ["TickerWire"], swiftSettings: daemonModuleSettings),
        // Pure Swift: fonts, layout, raster, animation, lyrics, scene, feed and config parsing. No I/O; it
        // depends on the protocol, whose pixel layout its frames use, and on pure C text libraries: GNU FriBidi
        // for bidirectional text and Arabic shaping, ICU (through CICU) for line breaks.
        .target(
            name: "TickerCore",
            dependencies: ["TickerWire", "CFriBidi", "CICU"],
            swiftSettings: daemonModuleSettings,
            // `rounded()` and friends lower to libm calls; the core imports no C module to get them.
            linkerSettings: [.linkedLibrary("m")]
        ),
        .systemLibrary(
            name: "CSerialPort",
            pkgConfig: "libserialport",
            providers: [.apt(["libserialport-dev"])]
        ),
        // The Unicode bidirectional algorithm and Arabic joining, for the text layout.
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        // MQTT for the bridge (`tickerctl follow mqtt`); the daemon does not link it.
        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),
        // What `import Glibc` does not expose on this toolchain.
        .target(name: "CLinux"),
        // ICU's line breaking (UAX #14, Thai by dictionary) for TickerCore, behind one C call: pure computation,
        // opened on first use, its data mapped from libicudata (apt libicu-dev).
        .target(name: "CICU"),
        .target(name: "TickerTestShim"),
        // Counts heap allocations; linked into the benchmark program only.
        .target(name: "CAllocCounter"),
        // Linux I/O: FIFO, serial link, event loop, clocks, logging, systemd notify, PTYs.
        .target(
            name: "TickerIO",
            dependencies: ["TickerCore", "TickerWire", "PanelCore", "CSerialPort", "CLinux"],
            swiftSettings: daemonModuleSettings
        ),
        // Followers that turn real players (MPD, shairport-sync, MPRIS) into feed commands.
        .target(name: "TickerFollow", dependencies: ["TickerCore", "TickerIO", "TickerPictures", "CMosquitto"]),
        .executableTarget(
            name: "tickerd", dependencies: ["TickerCore", "TickerIO", "TickerWire"],
            swiftSettings: daemonModuleSettings),
        // libjpeg-turbo's decoder and compressor behind a C shim whose calls return where libjpeg would longjmp.
        .target(name: "CJPEG"),
        // Pictures of the panel as PNG and animated GIF files (libpng, giflib), and album covers from JPEG and PNG
        // files (libjpeg-turbo through CJPEG); the daemon does not link it.
        .target(name: "TickerPictures", dependencies: ["TickerCore", "CPNG", "CGIF", "CJPEG"]),
        // libmicrohttpd (apt libmicrohttpd-dev) behind the one call Swift cannot make, for the web front end.
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("microhttpd")]),
        // The web front end (`tickerctl web`): the page, the live view, AWTRIX 3's API; the daemon does not link it.
        .target(
            name: "TickerWeb",
            dependencies: ["TickerCore", "TickerIO", "TickerFollow", "TickerPictures", "CMicroHTTPD"]),
        .executableTarget(
            name: "tickerctl",
            dependencies: [
                "TickerCore", "TickerIO", "TickerWire", "PanelCore", "TickerFollow", "TickerPictures", "TickerWeb",
            ]
        ),
        .executableTarget(
            name: "tickerbench",
            dependencies: ["TickerCore", "TickerIO", "TickerWire", "PanelCore", "CAllocCounter", "TickerPictures"]),
        // What the test targets share: the process wrapper, bounded waits, built products, temporary files.
        .target(name: "TickerTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TickerCoreTests", dependencies: ["TickerCore", "TickerWire"]),
        .testTarget(name: "TickerWireTests", dependencies: ["TickerWire"]),
        .testTarget(
            name: "PanelCoreTests", dependencies: ["PanelCore", "TickerWire", "TickerCore", "TickerTestSupport"]),
        .testTarget(
            name: "TickerIOTests",
            dependencies: ["TickerIO", "TickerCore", "TickerWire", "PanelCore", "TickerTestSupport"]),
        .testTarget(
            name: "TickerFollowTests",
            dependencies: [
                "TickerFollow", "TickerCore", "TickerIO", "PanelCore", "TickerWire", "TickerPictures",
                "TickerTestSupport",
            ]),
        .testTarget(name: "TickerPicturesTests", dependencies: ["TickerPictures", "TickerCore"]),
        .testTarget(name: "TickerWebTests", dependencies: ["TickerWeb", "TickerCore", "TickerIO"]),
        .testTarget(
            name: "TickerctlTests",
            dependencies: ["tickerctl", "TickerFollow", "TickerCore", "TickerIO", "TickerTestSupport"]),
        // The fuzz harnesses, each replayed over its corpus (Fuzz/Replay); `scripts/fuzz` builds them for libFuzzer.
        .testTarget(
            name: "FuzzCorpusTests",
            dependencies: [
                "TickerCore", "TickerWire", "PanelCore", "TickerIO", "TickerFollow", "TickerPictures", "TickerWeb",
                "CFriBidi",
            ],
            path: "Fuzz", exclude: ["corpus"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TickerIO", "TickerCore", "TickerWire", "PanelCore", "TickerPictures", "TickerWeb", "TickerFollow",
                "TickerTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// A sanitizer's run in the gate (scripts/gate) builds only what it tests, named by TICKERD_SANITIZER: under
// AddressSanitizer the pure targets' tests and the fuzz corpora; under ThreadSanitizer the pure targets' tests, the
// followers' and the web front end's, with the programs those start (the followers and the web front end have
// threads). Any other build has it all.
let sanitizerScopes: [String: (tests: Set<String>, programs: Set<String>)] = [
    "address": (["TickerCoreTests", "TickerWireTests", "PanelCoreTests", "FuzzCorpusTests"], []),
    "thread": (
        ["TickerCoreTests", "TickerWireTests", "PanelCoreTests", "TickerFollowTests", "TickerWebTests"],
        ["tickerd", "tickerctl"]
    ),
]
if let scope = Context.environment["TICKERD_SANITIZER"].flatMap({ sanitizerScopes[$0] }) {
    package.targets.removeAll {
        ($0.type == .test && !scope.tests.contains($0.name))
            || ($0.type == .executable && !scope.programs.contains($0.name))
    }
    package.products.removeAll { $0 is Product.Executable && !scope.programs.contains($0.name) }
}
