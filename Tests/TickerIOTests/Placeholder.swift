import Testing
import TickerIO
