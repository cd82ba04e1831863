import TickerCore

extension WebApp {
    /// AWTRIX 3's endpoints (docs/WEB.md#awtrix-3s-api); nil for a path that is none of them.
    func awtrix(_ request: WebRequest) -> WebResponse? {
        nil
    }
}
