import Foundation
import TickerTestSupport

/// A stand-in for a Lyrion (Logitech) Media Server, in Python: it speaks the documented subset of the CLI
/// that the follower uses, on 127.0.0.1 at a free port. Lines end with LF, CR or NUL; tokens are separated by
/// spaces and percent-encoded (`00%3A04%3A20%3Aaa%3Abb%3A01`); it answers `players 0 100`, `subscribe …` and
/// `<player> status - 1 tags:…`, echoes anything else, and sends `<player> playlist newsong …`,
/// `<player> playlist pause 1|0`, `<player> playlist stop` and `<player> time N` to subscribed clients.
///
/// It prints `port N` once it listens, `connected` for each client, `got LINE` for each line received (raw,
/// still encoded), and `ok` after each command read from its standard input (one JSON object a line):
///
///     {"cmd": "track", "player": 1, "title": "…", "artist": "…", "album": "…", "duration": 200}
///         (with "coverid" and "artwork_url" when given, as the server's `c` and `K` tags report them)
///     {"cmd": "mode", "player": 1, "mode": "play"|"pause"|"stop"}
///     {"cmd": "seek", "player": 1, "time": 42}
///     {"cmd": "drop"}      closes every client connection
///
/// Started with `garbage`, it answers every line with bytes that are not the CLI (a bad `%` escape and
/// invalid UTF-8).
final class LMSStandIn {
    let process: Child
    let port: UInt16

    init(directory: TemporaryDirectory, garbage: Bool = false) throws {
        let script = try directory.write("lms.py", Self.script)
        process = try Child(
            name: "lms", executable: "/usr/bin/python3", arguments: ["-u", script] + (garbage ? ["garbage"] : []),
            input: true)
        let line = try process.nextOutputLine("the stand-in's port") { $0.hasPrefix("port ") }
        guard let port = UInt16(line.dropFirst("port ".count)) else { throw TestFailure("bad port line '\(line)'") }
        self.port = port
    }

    /// Sends one command and waits for its `ok`.
    func command(_ json: String) throws {
        try process.send(line: json)
        try process.nextOutputLine("ok after \(json)") { $0 == "ok" }
    }

    /// Waits for the next output line that starts with `prefix`.
    @discardableResult
    func waitFor(_ prefix: String, timeout: Duration = .seconds(10)) throws -> String {
        try process.nextOutputLine("a line starting '\(prefix)'", timeout: timeout) { $0.hasPrefix(prefix) }
    }

    static let script = #"""
        import json, socket, sys, threading, time
        from urllib.parse import quote, unquote

        PLAYERS = [
            {"id": "00:04:20:aa:bb:01", "name": "Kitchen", "mode": "stop", "track": None, "time": 0.0, "since": 0.0},
            {"id": "00:04:20:aa:bb:02", "name": "Lounge", "mode": "stop", "track": None, "time": 0.0, "since": 0.0},
        ]
        GARBAGE = len(sys.argv) > 1 and sys.argv[1] == "garbage"
        lock = threading.Lock()
        clients = []  # (socket, subscriptions)
        said = threading.Lock()

        def say(text):
            # One write per line, under a lock: print() writes the text and the newline separately, and lines of
            # several threads would interleave.
            with said:
                sys.stdout.write(text + "\n")
                sys.stdout.flush()

        def enc(tokens):
            return (" ".join(quote(str(t), safe="") for t in tokens) + "\n").encode()

        def elapsed(p):
            t = p["time"]
            if p["mode"] == "play":
                t += time.monotonic() - p["since"]
            return round(t, 3)

        def status(p, request):
            out = request + ["player_name:" + p["name"], "player_connected:1", "power:1", "mode:" + p["mode"]]
            tr = p["track"]
            if tr is None:
                return out + ["playlist_tracks:0"]
            out += ["time:%s" % elapsed(p), "rate:1", "duration:%s" % tr["duration"], "can_seek:1",
                    "mixer volume:50", "playlist_cur_index:0", "playlist_tracks:2",
                    "playlist index:0", "id:17", "title:" + tr["title"], "artist:" + tr["artist"],
                    "album:" + tr["album"], "duration:%s" % tr["duration"], "url:file:///music/" + tr["title"] + ".flac"]
            out += [k + ":" + tr[k] for k in ("coverid", "artwork_url") if k in tr]
            out += [
                    "playlist index:1", "id:18", "title:Not This One", "artist:Nobody", "duration:1"]
            return out

        def answer(tokens):
            if tokens[:1] == ["players"]:
                out = ["players"] + tokens[1:3] + ["count:%d" % len(PLAYERS)]
                for i, p in enumerate(PLAYERS):
                    out += ["playerindex:%d" % i, "playerid:" + p["id"], "uuid:%032x" % i, "ip:127.0.0.1:%d" % (40000 + i),
                            "name:" + p["name"], "seq_no:0", "model:squeezelite", "power:1",
                            "isplaying:%d" % (p["mode"] == "play"), "displaytype:none", "isplayer:1", "canpoweroff:1",
                            "connected:1", "firmware:v1.9"]
                return out
            if len(tokens) >= 2 and tokens[1] == "status":
                for p in PLAYERS:
                    if p["id"] == tokens[0]:
                        return status(p, tokens)
            return tokens

        def notify(p, tokens):
            line = enc([p["id"]] + tokens)
            with lock:
                for s, subs in clients:
                    if tokens[0] in subs:
                        try:
                            s.sendall(line)
                        except OSError:
                            pass

        def serve(s):
            subs = set()
            with lock:
                clients.append((s, subs))
            say("connected")
            buf = b""
            try:
                while True:
                    data = s.recv(4096)
                    if not data:
                        break
                    buf += data
                    while True:
                        ends = [i for i in (buf.find(b"\n"), buf.find(b"\r"), buf.find(b"\0")) if i >= 0]
                        if not ends:
                            break
                        line, buf = buf[:min(ends)], buf[min(ends) + 1:]
                        if not line:
                            continue
                        text = line.decode()
                        say("got " + text)
                        if GARBAGE:
                            s.sendall(b"players %zz count%3A\xff\xfe garbage\n")
                            continue
                        tokens = [unquote(t) for t in text.split(" ")]
                        if tokens[0] == "subscribe" and len(tokens) > 1:
                            subs.clear()
                            subs.update(tokens[1].split(","))
                        with lock:
                            s.sendall(enc(answer(tokens)))
            except OSError:
                pass
            finally:
                with lock:
                    clients[:] = [c for c in clients if c[0] is not s]
                s.close()

        def listen():
            server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(("127.0.0.1", 0))
            server.listen(8)
            say("port %d" % server.getsockname()[1])
            while True:
                s, _ = server.accept()
                threading.Thread(target=serve, args=(s,), daemon=True).start()

        threading.Thread(target=listen, daemon=True).start()
        for raw in sys.stdin:
            c = json.loads(raw)
            p = PLAYERS[c.get("player", 0)]
            if c["cmd"] == "track":
                p["track"] = {k: c[k] for k in ("title", "artist", "album", "duration", "coverid", "artwork_url") if k in c}
                p["time"], p["since"] = 0.0, time.monotonic()
                notify(p, ["playlist", "newsong", c["title"], "0"])
            elif c["cmd"] == "mode":
                p["time"], p["since"] = elapsed(p), time.monotonic()
                p["mode"] = c["mode"]
                if c["mode"] == "stop":
                    p["time"] = 0.0
                    notify(p, ["playlist", "stop"])
                else:
                    notify(p, ["playlist", "pause", "1" if c["mode"] == "pause" else "0"])
            elif c["cmd"] == "seek":
                p["time"], p["since"] = float(c["time"]), time.monotonic()
                notify(p, ["time", str(c["time"])])
            elif c["cmd"] == "drop":
                with lock:
                    for s, _ in clients:
                        # A client whose connection is ending already may be closed by now.
                        try:
                            s.shutdown(socket.SHUT_RDWR)
                        except OSError:
                            pass
            say("ok")
        """#
}
