// The `page` command: `page [--for <seconds>] [--icon <picture>] [look options] <name> <text>` sets a page of the idle screen, `page --remove
// <name>` removes one, `page --show <name>`, `page --next` and `page --previous` turn the idle screen to one.

extension FeedCommand {
    /// Reads the argument of `page`: options first, then the name, then the text.
    static func page(_ argument: ArraySlice<Unicode.Scalar>) throws(FeedError) -> FeedCommand {
        var rest = argument
        var lifetime: Duration?
        var removing = false
        var showing = false
        var icon: String?
        var look = TextLook()
        options: while rest.starts(with: "--".unicodeScalars) {
            let option = FeedScan.string(FeedScan.nextWord(&rest))
            switch option {
            case "--":
                break options
            case "--remove":
                removing = true
            case "--show":
                showing = true
            case "--next", "--previous":
                guard rest.isEmpty, argument.count == option.unicodeScalars.count else {
                    throw .unexpectedArgument(command: "page \(option)", argument: Excerpt.of(argument))
                }
                return option == "--next" ? .pageNext : .pagePrevious
            case "--for":
                lifetime = try lifetimeOption(&rest, command: "page --for", example: "--for 1800")
            case "--icon":
                icon = try iconOption(&rest, command: "page --icon", example: "--icon sun")
            default:
                guard try lookOption(option, &rest, into: &look, command: "page") else {
                    throw .unknownPageOption(Excerpt.of(option))
                }
            }
        }
        let word = FeedScan.nextWord(&rest)
        guard !word.isEmpty else { throw .missingArgument(command: "page", example: "page weather Sunny 21°") }
        let name = FeedScan.string(word)
        guard IdlePage.isName(name) else { throw .badPageName(Excerpt.of(name)) }
        if showing {
            // A turn stands alone: an option or a text beside it would be a page half meant.
            guard rest.isEmpty, !removing, lifetime == nil, icon == nil, look.isPlain else {
                throw .unexpectedArgument(command: "page --show", argument: Excerpt.of(argument))
            }
            return .pageShow(name)
        }
        if removing {
            guard rest.isEmpty, look.isPlain else {
                throw .unexpectedArgument(command: "page --remove \(name)", argument: Excerpt.of(rest))
            }
            return .pageRemove(name)
        }
        let shown = try text(rest, command: "page")
        guard !shown.isEmpty else {
            throw .missingArgument(command: "page \(name)", example: "page \(name) Sunny 21°")
        }
        let length = shown.unicodeScalars.count
        guard length <= IdlePage.maxTextScalars else {
            throw .textTooLong(command: "page", length: length, limit: IdlePage.maxTextScalars)
        }
        try check(look, against: shown, command: "page")
        return .page(IdlePage(name: name, text: shown, icon: icon, lifetime: lifetime, look: look.isPlain ? nil : look))
    }

    /// `page` as one feed line: the lifetime to the microsecond, the icon, the name, the text on one line.
    static func encode(_ page: IdlePage) -> String {
        var words = ["page"]
        if let lifetime = page.lifetime { words += ["--for", FeedScan.seconds(lifetime)] }
        if let icon = page.icon { words += ["--icon", icon] }
        words += lookWords(page.look)
        return (words + [page.name, FeedScan.oneLine(page.text)]).joined(separator: " ")
    }
}
