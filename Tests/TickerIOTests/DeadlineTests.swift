import Glibc
import Testing
import TickerTestSupport

/// The bounded wait every test leans on ends, loudly, even when the descriptor it watches never stops being
/// ready with input that is not what the test waits for.
@Suite struct DeadlineTests {
    @Test func endsAWaitThatKeepsFindingOtherInput() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        // Readable for good, and never read: every poll returns at once.
        #expect(write(ends[1], "x", 1) == 1)
        // 250 ms (was 50 ms): the first poll must come before the deadline for the loop to find input at all,
        // and a thread of a loaded 2-core machine may wait 50 ms for its turn; the wait still ends only at the
        // deadline, after polls that each found the other input.
        let deadline = Deadline(.milliseconds(250))
        var entries = [pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)]
        var polls = 0
        let failure = #expect(throws: TestFailure.self) {
            // Bounded here too, so that a deadline that never fires fails the test instead of hanging it.
            while polls < 10_000_000 {
                polls += 1
                try deadline.poll(&entries, waitingFor: "a line that never comes", story: { "the story" })
            }
        }
        // More than one: the wait went on past polls that found input, until the deadline ended it.
        #expect(polls > 1)
        #expect(failure?.description == "timed out after 0.25 seconds waiting for a line that never comes\nthe story")
    }
}
