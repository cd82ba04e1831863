import TickerCore

extension Preview {
    /// The brightness in force at local wall time `secondOfDay` (since midnight), in percent: the schedule's
    /// (`[brightness] schedule`), else `[panel] brightness`.
    package func brightness(atSecondOfDay secondOfDay: Duration) -> Int {
        settings.config.brightness.schedule.reading(atSecondOfDay: secondOfDay)?.percent
            ?? settings.config.panel.brightness
    }

    /// `picture` as the LEDs show it at `percent` brightness: every channel scaled, as the sinks scale theirs.
    package static func dimmed(_ picture: RGBFrame, percent: Int) -> RGBFrame {
        var dimmed = picture
        let level = Int(min(max(percent, 0), 100) * 255 / 100)
        for index in dimmed.bytes.indices { dimmed.bytes[index] = UInt8(Int(dimmed.bytes[index]) * level / 255) }
        return dimmed
    }
}
