/// Timings of the link to a panel of tickerd's protocol (`LinkMachine`).
public struct LinkPolicy: Sendable, Equatable {
    /// Between two hellos while waiting for the device's info.
    public var helloInterval: Duration = .milliseconds(250)
    /// How long to wait for the info before streaming anyway (boards that reset on open need 1.5–2 s).
    public var helloTimeout: Duration = .milliseconds(2_500)
    /// A full frame at least this often, so a device that reset on its own recovers.
    public var fullFrameInterval: Duration = .seconds(1)
    /// How the port is retried.
    public var retry = RetryPolicy()

    /// The defaults, as each property says.
    public init() {}
}

/// Timings of a link to an LED controller speaking Adalight or TPM2 (`StripLinkMachine`).
public struct StripLinkPolicy: Sendable, Equatable {
    /// A frame at least this often, picture changed or not: WLED leaves realtime mode 2.5 s after the last.
    public var keepalive: Duration = .seconds(1)
    /// How long to wait for WLED's `Baud is now N` after asking it to switch, before following anyway.
    public var switchTimeout: Duration = .milliseconds(500)
    /// How the port is retried.
    public var retry = RetryPolicy()

    /// The defaults, as each property says.
    public init() {}
}

/// Timings of a link to an LED controller on the network (`NetworkLinkMachine`).
public struct NetworkLinkPolicy: Sendable, Equatable {
    /// A frame at least this often, picture changed or not: receivers go back to their own effects when frames
    /// stop (AWTRIX 3 after 1 s, WLED after 2.5 s, E1.31 receivers after 2.5 s).
    public var keepalive: Duration = .milliseconds(500)
    /// The least time between two frames (the device's frame-rate cap); zero sends every picture.
    public var minInterval: Duration = .zero
    /// How long a frame waits after the send buffer was full before it is tried again.
    public var busyRetry: Duration = .milliseconds(10)
    /// How long frames must go out without an error before a problem is reported over.
    public var recovery: Duration = .seconds(1)
    /// How the name is resolved again and the socket reopened: from 100 ms doubling up to 2 s (5 s for a
    /// device never reached).
    public var retry = RetryPolicy(maxRetrySeen: .seconds(2), maxRetryUnseen: .seconds(5))

    /// The defaults, as each property says.
    public init() {}
}
