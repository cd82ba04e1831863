/// Whether the feed's pages show on the idle screen (`display.pages`).
public enum PageMode: String, Sendable, CaseIterable {
    /// Each page in turn with the idle screen, `display.page-time` each, once the panel goes idle.
    case rotate
    /// Never: the pages are kept (and written to the kept state) but not shown.
    case off
}
