import Testing
import TickerWire
