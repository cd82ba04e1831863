import Testing
import TickerFollow
