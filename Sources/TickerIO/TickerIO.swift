import TickerCore

/// Linux I/O for tickerd.
public enum TickerIO {}
