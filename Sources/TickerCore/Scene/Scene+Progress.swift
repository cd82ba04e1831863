// The progress bar in the composition: how many of its pixels are reached at an instant, and when it next
// gains one.

extension Scene {
    /// The pixels of the progress bar reached at `now`, or nil when it is not shown: only while a track of
    /// known length plays or is paused, and the top zone is not the idle screen.
    func progressFilled(_ state: PlayerState, at now: Duration, showing content: TopContent) -> Int? {
        guard let progressBar = layout.progressBar, content != .idle, state.playback != .stopped,
            let duration = state.duration,
            duration > .zero
        else { return nil }
        return progressBar.filled(at: state.playbackPosition(at: now), duration: duration)
    }

    /// The first instant after `now` at which the progress bar of `composition` (made at `now`) gains a pixel:
    /// nil while it is hidden, paused or full.
    func progressChange(of composition: Composition, _ state: PlayerState, after now: Duration) -> Duration? {
        guard let progressBar = layout.progressBar, composition.progress != nil, state.playback == .playing,
            let duration = state.duration
        else { return nil }
        let position = state.playbackPosition(at: now)
        guard let next = progressBar.nextPosition(after: position, duration: duration) else { return nil }
        return now + (next - position)
    }
}
