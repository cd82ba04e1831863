/// Followers that turn music players into feed commands.
public enum TickerFollow {}
