// fuzz-module: TickerCore TickerWire
// Feeds arbitrary bytes to the configuration parser: it must return a configuration or a non-empty list of
// problems, each located on a line of the input, and a configuration it accepts must pass its own checks
// (a split layout's fonts fitting the panel among them).

@testable import TickerCore
@testable import TickerWire

func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lineCount = text.unicodeScalars.reduce(1) { $0 + ($1 == "\n" || $1 == "\r" ? 1 : 0) }
    switch Config.parse(text: text, file: "fuzz.conf") {
    case .success(let config):
        if !config.conflicts().isEmpty { fatalError("accepted a configuration with conflicts") }
        if !(1...1024).contains(config.panel.width) || !(1...64).contains(config.panel.height) {
            fatalError("accepted a panel size out of range")
        }
        // An accepted split layout draws each zone's first font whole, one above the other.
        if config.layout.zones == .split, case .success(let split) = config.splitFonts(rows: Config.builtinRows),
            let top = split.top.first.flatMap(Config.builtinRows),
            let bottom = split.bottom.first.flatMap(Config.builtinRows), top + bottom > config.panel.height
        {
            fatalError("accepted split fonts taller than the panel")
        }
        // A schedule accepted reads back from its own text as the same schedule.
        let schedule = config.brightness.schedule
        if (try? BrightnessSchedule.parse(schedule.text)) != schedule { fatalError("schedule '\(schedule.text)'") }
    case .failure(let errors):
        if errors.issues.isEmpty { fatalError("failure without issues") }
        for issue in errors.issues where issue.line > lineCount {
            fatalError("issue on line \(issue.line) of \(lineCount)")
        }
        _ = errors.description
    }
    if let override = try? ConfigOverride(parsing: text) {
        var config = Config()
        try? config.set(override.section, override.key, override.value)
    }
    return 0
}
