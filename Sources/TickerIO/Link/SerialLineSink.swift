import TickerCore

/// A sink on a serial line, driven by a machine on a `PortMachine` (`PanelLink`, `StripLink`): what every such
/// sink answers alike from its line and its machine, written once.
protocol SerialLineSink: FrameSink {
    /// The sink's connection state machine.
    associatedtype Machine: PortLifecycle
    /// The port and its queue.
    var line: SerialLine { get }
    /// The connection state machine, told by `line` what happens to the port.
    var machine: Machine { get set }
}

extension SerialLineSink {
    /// Counters.
    package var statistics: LinkStatistics { line.statistics }

    /// The port's descriptor to poll for replies and hang-ups, or -1 while none is open.
    package var fileDescriptor: Int32 { line.fileDescriptor }

    /// The instant the sink next needs `service` though the picture has not changed: what the machine waits
    /// for (a retry, a handshake step, a keepalive frame), or at once while bytes or a skipped frame are still
    /// waiting for room on the line.
    package var nextDeadline: Duration { line.isBusy ? .zero : machine.nextDeadline }

    /// The port reported a hang-up or an error (POLLHUP/POLLERR): close it now.
    package func hangUp(at now: Duration) {
        line.lose(at: now, reason: "hang-up", &machine)
    }

    /// Closes the port for good (shutdown, or a reload that changed the device).
    package func close() {
        line.close()
    }
}
