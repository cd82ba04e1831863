// fuzz-module: TickerFollow/Discovery/AvahiBrowseOutput.swift
// Feeds arbitrary bytes to the reader of avahi-browse's parsable output: every service it keeps has a port, an
// address of hex digits, dots and colons, and a name unique among those kept; every line it refuses is one
// sentence.

@testable import TickerFollow

func fuzzAvahi(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let output = AvahiBrowseOutput(parsing: UnsafeBufferPointer(start: data, count: size))
    var names = Set<String>()
    for service in output.services {
        if service.port == 0 { fatalError("a service on port 0 kept") }
        if service.address.isEmpty || !service.address.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) {
            fatalError("address '\(service.address)' kept")
        }
        if !names.insert(service.name + "." + service.type + "." + service.domain).inserted {
            fatalError("'\(service.name)' kept twice")
        }
        _ = service.urlAuthority
    }
    let lines = output.problems.filter { $0.hasPrefix("avahi-browse output line ") }
    if lines.count != output.problems.count { fatalError("a problem without its line: \(output.problems)") }
    return 0
}
