import Testing

@testable import TickerFollow

struct MPRISPlayerChoiceTests {
    static let song = Track(title: "Song", artist: "mpv's", durationSeconds: 200)
    static let airplay = Track(title: "Old AirPlay track", artist: "sender")

    static func snapshot(_ track: Track?, _ state: PlaybackState, at position: Double? = nil) -> PlayerSnapshot {
        PlayerSnapshot(
            track: track, state: state, position: position.map { PlaybackPosition(seconds: $0, at: .seconds(0)) })
    }

    @Test func staysWithThePlayingPlayerWhileAStoppedOneRepeatsItself() {
        var choice = MPRISPlayerChoice(prefersPlaying: true)
        let playing = Self.snapshot(Self.song, .play, at: 3)
        // The first report is the player that changed last, not necessarily the one that plays: ask them all.
        #expect(choice.reported("mpv", playing, now: .seconds(0)) == .init(snapshot: nil, switched: false, ask: true))
        #expect(
            choice.answered(
                [("mpv", playing), ("ShairportSync", Self.snapshot(Self.airplay, .stop))], since: choice.askSequence,
                now: .seconds(0))
                == .init(snapshot: playing, switched: false, ask: false))
        // shairport-sync's player repeats its stopped track: not shown, and nothing new to ask about (it only
        // repeats itself); the asking every few seconds finds out whether mpv is still there.
        for _ in 0..<4 {
            #expect(
                choice.reported("ShairportSync", Self.snapshot(Self.airplay, .stop), now: .seconds(0))
                    == .init(snapshot: nil, switched: false, ask: false))
            #expect(choice.followed == "mpv")
            #expect(choice.needsWatching)
            let since = choice.askSequence
            #expect(
                choice.answered(
                    [("mpv", playing), ("ShairportSync", Self.snapshot(Self.airplay, .stop))], since: since,
                    now: .seconds(0))
                    == .init(snapshot: playing, switched: false, ask: false))
        }
        // It starts playing too: news, but mpv plays and stays.
        #expect(
            choice.reported("ShairportSync", Self.snapshot(Self.airplay, .play, at: 0), now: .seconds(0))
                == .init(snapshot: nil, switched: false, ask: true))
        // mpv reports again: playerctl follows it again, so no watching is needed.
        #expect(choice.reported("mpv", Self.snapshot(Self.song, .play, at: 9), now: .seconds(0)).switched == false)
        #expect(!choice.needsWatching)
    }

    @Test func switchesToAPlayerThatStartsPlayingAndBackWhenItStops() {
        var choice = MPRISPlayerChoice(prefersPlaying: true)
        _ = choice.reported("mpv", Self.snapshot(Self.song, .pause, at: 3), now: .seconds(0))
        let other = Self.snapshot(Track(title: "Other"), .play, at: 0)
        #expect(choice.reported("other", other, now: .seconds(0)) == .init(snapshot: other, switched: true, ask: false))
        #expect(choice.followed == "other")
        // It pauses while mpv was paused too when last heard of: nothing better, so no ask.
        let paused = Self.snapshot(Track(title: "Other"), .pause, at: 1)
        #expect(
            choice.reported("other", paused, now: .seconds(0)) == .init(snapshot: paused, switched: false, ask: false))
        // mpv plays: a fresh report, taken at once.
        let resumed = Self.snapshot(Self.song, .play, at: 3)
        #expect(
            choice.reported("mpv", resumed, now: .seconds(0)) == .init(snapshot: resumed, switched: true, ask: false))
        // other plays too: mpv is still playing (as far as anyone knows), so it stays.
        #expect(choice.reported("other", other, now: .seconds(0)) == .init(snapshot: nil, switched: false, ask: true))
        // mpv stops while other was playing when last heard of: ask whether it still does.
        let stopped = Self.snapshot(Self.song, .stop)
        #expect(
            choice.reported("mpv", stopped, now: .seconds(0)) == .init(snapshot: stopped, switched: false, ask: true))
        let since = choice.askSequence
        #expect(
            choice.answered([("mpv", stopped), ("other", other)], since: since, now: .seconds(0))
                == .init(snapshot: other, switched: true, ask: false))
    }

    @Test func anAnswerWithoutTheFollowedPlayerMovesOnOrClears() {
        var choice = MPRISPlayerChoice(prefersPlaying: true)
        _ = choice.reported("mpv", Self.snapshot(Self.song, .play, at: 3), now: .seconds(0))
        _ = choice.answered([("mpv", Self.snapshot(Self.song, .play, at: 3))], since: 1, now: .seconds(0))
        // mpv was killed while it was the one playerctl followed: playerctl now prints the next player.
        let airplay = Self.snapshot(Self.airplay, .stop)
        #expect(choice.reported("ShairportSync", airplay, now: .seconds(0)).ask)
        #expect(
            choice.answered([("ShairportSync", airplay)], since: choice.askSequence, now: .seconds(0))
                == .init(snapshot: airplay, switched: true, ask: false))
        // No player has a track any more.
        #expect(
            choice.answered([], since: choice.askSequence, now: .seconds(0))
                == .init(snapshot: PlayerSnapshot(track: nil, state: .stop), switched: true, ask: false))
        #expect(choice.followed == nil)
    }

    @Test func aReportNewerThanTheAnswerWins() {
        var choice = MPRISPlayerChoice(prefersPlaying: true)
        _ = choice.reported("mpv", Self.snapshot(Self.song, .play, at: 3), now: .seconds(0))
        let since = choice.askSequence
        // mpv pauses while the ask runs; the answer still says it plays.
        let paused = Self.snapshot(Self.song, .pause, at: 4)
        #expect(choice.reported("mpv", paused, now: .seconds(0)).snapshot == paused)
        #expect(
            choice.answered([("mpv", Self.snapshot(Self.song, .play, at: 4))], since: since, now: .seconds(0))
                == .init(snapshot: nil, switched: false, ask: false))
        // The next answer that knows better than the reports does count.
        #expect(
            choice.answered(
                [("mpv", Self.snapshot(Self.song, .play, at: 5))], since: choice.askSequence, now: .seconds(0)
            )
            .snapshot
                == Self.snapshot(Self.song, .play, at: 5))
    }

    @Test func equalPlayersAreChosenByNameNotByDictionaryOrder() {
        for _ in 0..<20 {
            var choice = MPRISPlayerChoice(prefersPlaying: true)
            let answer = ["c", "a", "b"].map { ($0, Self.snapshot(Track(title: $0), .play)) }
            #expect(choice.answered(answer, since: 0, now: .seconds(0)).snapshot?.track?.title == "a")
        }
    }

    @Test func thePositionOfTheReportThatAnnouncesANewTrackIsUnknown() {
        var choice = MPRISPlayerChoice(prefersPlaying: false)
        // The first report of a player comes from a fresh playerctl: its position holds.
        #expect(
            choice.reported("mpv", Self.snapshot(Self.song, .play, at: 11.7), now: .seconds(0)).snapshot?.position
                != nil)
        // `next`: playerctl prints the new track with the old track's position.
        let next = Track(title: "Next", artist: "mpv's", durationSeconds: 100)
        let announced = choice.reported("mpv", Self.snapshot(next, .play, at: 11.8), now: .seconds(0))
        #expect(announced.snapshot?.track == next)
        #expect(announced.snapshot?.position == nil)
        // Its next report has the new track's own.
        #expect(
            choice.reported("mpv", Self.snapshot(next, .play, at: 1), now: .seconds(0)).snapshot?.position?.seconds == 1
        )
        // An answer in between does not make the follow output's next new track look old.
        _ = choice.answered(
            [("mpv", Self.snapshot(Track(title: "Third"), .play, at: 0.2))], since: choice.askSequence, now: .seconds(0)
        )
        #expect(
            choice.reported("mpv", Self.snapshot(Track(title: "Third"), .play, at: 1.2), now: .seconds(0)).snapshot?
                .position
                == nil)
    }

    @Test func withAPlayerListPlayerctlChooses() {
        var choice = MPRISPlayerChoice(prefersPlaying: false)
        let playing = Self.snapshot(Self.song, .play, at: 3)
        #expect(
            choice.reported("spotify", playing, now: .seconds(0))
                == .init(snapshot: playing, switched: true, ask: false))
        let stopped = Self.snapshot(Self.airplay, .stop)
        #expect(
            choice.reported("vlc", stopped, now: .seconds(0)) == .init(snapshot: stopped, switched: true, ask: false))
        #expect(!choice.needsWatching)
        #expect(
            choice.noPlayers() == .init(snapshot: PlayerSnapshot(track: nil, state: .stop), switched: true, ask: false))
    }

    @Test func aFollowOutputStuckOnAnOldStateIsCaught() {
        // mpv as seen by a playerctl that missed its metadata when it appeared: playing, no track.
        let blank = Self.snapshot(nil, .play, at: 0)
        let named = Self.snapshot(Self.song, .play, at: 0.1)
        var choice = MPRISPlayerChoice(prefersPlaying: true)
        _ = choice.reported("mpv", blank, now: .seconds(0))
        #expect(choice.answered([("mpv", named)], since: choice.askSequence, now: .seconds(0.2)).snapshot == named)
        // The follow output repeats what the answer has left behind: not passed on, and stuck after 2 s.
        #expect(choice.reported("mpv", blank, now: .seconds(1.2)) == .init(snapshot: nil, switched: false, ask: false))
        #expect(choice.reported("mpv", blank, now: .seconds(2.2)).stuck)

        // One that catches up is believed again, also when the track really goes later.
        var healthy = MPRISPlayerChoice(prefersPlaying: true)
        _ = healthy.reported("mpv", blank, now: .seconds(0))
        _ = healthy.answered([("mpv", named)], since: healthy.askSequence, now: .seconds(0.2))
        #expect(
            healthy.reported("mpv", Self.snapshot(Self.song, .play, at: 1), now: .seconds(1)).snapshot?.track
                == Self.song)
        let gone = healthy.reported("mpv", blank, now: .seconds(5))
        #expect(gone.snapshot?.track == nil && gone.snapshot?.state == .play && !gone.stuck)
    }
}
