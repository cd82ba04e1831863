/// The track `tickerd --demo` plays: invented words, timed so that the title has a few seconds to scroll
/// before the first line is sung, with word times on some lines and line times only on others.
public enum DemoTrack {
    /// Track title (long enough to scroll on most panels).
    public static let title = "Night Signal (Extended Ticker Mix)"
    /// Artist.
    public static let artist = "The Column Drivers"
    /// Album.
    public static let album = "Bytes on a Wire"
    /// Length of the track.
    public static let duration: Duration = .seconds(44)

    /// The lyrics, as enhanced LRC.
    public static let lyrics = """
        [ti:Night Signal]
        [ar:The Column Drivers]
        [00:05.00]<00:05.00>Lights <00:05.60>along <00:06.20>the <00:06.50>river<00:07.60>
        [00:08.50]<00:08.50>Signals <00:09.30>in <00:09.60>the <00:09.90>rain<00:11.40>
        [00:12.00]Every word a lantern
        [00:15.50]Burning down the lane
        [00:19.00]
        [00:22.00]<00:22.00>♪ <00:22.80>Hold <00:23.30>the <00:23.60>line, <00:24.30>we're <00:24.80>shining<00:26.40>
        [00:27.00]<00:27.00>Column <00:27.80>after <00:28.40>column<00:29.60>
        [00:30.50]Ünïcode façades, “quoted” — and dashed…
        [00:35.00]<00:35.00>Until <00:35.70>the <00:36.00>morning <00:37.00>came<00:39.00>
        [00:40.00]
        """

    /// The feed commands that start the demo track, in order.
    public static var commands: [FeedCommand] {
        [
            .artist(artist), .album(album), .duration(duration), .title(title),
            .lyrics(Lyrics.parse(lyrics)), .position(.zero), .play,
        ]
    }
}
