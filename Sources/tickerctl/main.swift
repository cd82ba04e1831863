import Glibc
import TickerCore
import TickerFollow
import TickerIO

let usage = """
    usage: tickerctl COMMAND [options]

    commands:
      render [--text TEXT] [--lyrics FILE.lrc] [--at SECONDS] [--size WxH] [--depth N]
             [--font builtin|small|FILE.bdf]... [--strip] [--config FILE] [--set SECTION.KEY=VALUE]...
             [--speed PX/S] [--pause S] [--gap PX] [--direction left|right] [--align left|center|right]
             [--bounce] [--laps N] [--fade-edges] [--reduced-motion] [--rest-level 0..1]
             [--rest-style dim|dither] [--zones single|split]
             [--png FILE | --gif FILE [--from S] [--to S] [--fps N]] [--pitch PX]
          print what the panel shows at an instant as ASCII art (# full, + between, . off),
          or draw it as LEDs in a PNG (the instant) or an animated GIF (from S to S)
      send [--feed PATH] LINE...      write feed commands (one write per batch)
      now [--feed PATH] ARTIST TITLE  set the now-playing line and start playing
      lyrics [--feed PATH] FILE.lrc   send a lyrics file
      ports                           list serial ports with their USB identity
      panel [--link PATH] [--size WxH] [--depth 1|2|4|8|16|24] [--fps N] [--frames FILE] [--no-draw] [--no-scroll]
          emulate a panel on a pseudo-terminal and draw it here
      panel --protocol adalight|tpm2 [--link PATH] [--size WxH] [--frames FILE] [--no-draw] [--leds-KEY VALUE]...
          emulate an LED matrix on WLED or an Adalight sketch (KEY: any [leds] key, e.g. --leds-wiring columns)
      leds test --device PATH [--protocol adalight|tpm2] [--size WxH] [--baud N] [--interval S] [--leds-KEY VALUE]...
          light one LED at a time along the strip and print the (x, y) it should be at
      follow mpd|shairport|mpris|lms|mqtt …  follow a music player or an MQTT broker (see tickerctl follow --help)
      find-lyrics --artist A --title T [options]  print a track's lyrics as LRC (see find-lyrics --help)
    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    Logger(program: "tickerctl").error(message)
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    print(usage)
    exit(2)
}
arguments.removeFirst()

switch command {
case "--help", "-h", "help":
    print(usage)
    exit(0)
case "render": exit(runRender(arguments))
case "send", "now", "lyrics": exit(runSend(command, arguments))
case "ports": exit(runPorts(arguments))
case "panel": exit(runPanel(arguments))
case "leds": exit(runLeds(arguments))
case "follow": exit(runFollow(arguments))
case "find-lyrics": exit(runFindLyrics(arguments))
default:
    fail(
        "unknown command '\(command)' (expected one of: render, send, now, lyrics, ports, panel, leds, follow, find-lyrics)"
    )
}
