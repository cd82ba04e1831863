/// The version of tickerd's tools, as they name themselves to servers.
package enum TickerVersion {
    /// The release this build belongs to.
    package static let current = "0.2.0"
}
