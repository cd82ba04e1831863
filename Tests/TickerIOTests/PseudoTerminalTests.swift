import Glibc
import Testing

@testable import TickerIO

@Suite struct PseudoTerminalTests {
    @Test func releasingAClosedPairLeavesTheLinkOfTheNextOneAlone() throws {
        let link = "/tmp/tickerd-pty-test-\(getpid())"
        defer { unlink(link) }
        var unplugged: PseudoTerminal? = try PseudoTerminal(link: link)
        unplugged?.close()
        let replugged = try PseudoTerminal(link: link)
        unplugged = nil
        var target = [CChar](repeating: 0, count: 256)
        let count = readlink(link, &target, target.count - 1)
        #expect(count > 0, "the link was removed")
        #expect(
            String(decoding: target.prefix(max(count, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                == replugged.slavePath)
    }

    @Test func aFileInTheLinksPlaceIsRefusedAndKept() throws {
        let path = "/tmp/tickerd-pty-file-\(getpid())"
        defer { unlink(path) }
        let file = creat(path, 0o600)
        try #require(file >= 0)
        close(file)
        #expect(throws: SystemError.self) { try PseudoTerminal(link: path) }
        #expect(access(path, F_OK) == 0, "the refused file was removed")
    }
}
