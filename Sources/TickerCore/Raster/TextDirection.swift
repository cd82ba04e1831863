/// Writing direction of a line: the Unicode bidirectional algorithm's paragraph direction, decided by its first
/// strong character (left to right when it has none).
public enum TextDirection: Sendable, Equatable {
    case leftToRight
    case rightToLeft
}
