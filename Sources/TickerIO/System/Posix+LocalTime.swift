import Glibc

extension Posix {
    /// The local wall time at unix time `epochSeconds` (`localtime_r`, which reads `TZ` and the zone files):
    /// the second of the day since local midnight, and the offset from UTC in seconds then (DST included).
    package static func localTime(atEpochSeconds epochSeconds: Int) -> (secondOfDay: Int, utcOffset: Int) {
        var seconds = time_t(epochSeconds)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return (Int(parts.tm_hour) * 3_600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec), Int(parts.tm_gmtoff))
    }

    /// Rereads `TZ` (`tzset`): after a test changed it, or the zone files changed.
    package static func resetTimeZone() {
        tzset()
    }
}
