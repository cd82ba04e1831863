/// A small MPRIS player for the tests, in Python (python3-dbus and GLib's main loop): it owns
/// `org.mpris.MediaPlayer2.NAME` on the session bus, implements `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player` (PlaybackStatus, Metadata, Position, the PropertiesChanged and Seeked
/// signals) and changes its state on commands read from standard input, one per line, answering each with
/// `ok VERB`:
///
///     track {"title": "…", "artist": ["…"], "album": "…", "url": "file:///…", "length": MICROSECONDS}
///     status Playing|Paused|Stopped
///     seek SECONDS
///     refresh        (announces the metadata again, unchanged)
///     quit
///
/// It prints `ready` once it owns its bus name.
public enum MPRISTestPlayer {
    /// The player's Python source; run it with `python3 FILE NAME` on a session bus.
    public static let script = #"""
        import sys, json, time
        import dbus, dbus.service
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib

        ROOT = "org.mpris.MediaPlayer2"
        PLAYER = "org.mpris.MediaPlayer2.Player"
        PROPS = "org.freedesktop.DBus.Properties"

        class Mpris(dbus.service.Object):
            def __init__(self, bus, name):
                self.bus_name = dbus.service.BusName("org.mpris.MediaPlayer2." + name, bus)
                super().__init__(self.bus_name, "/org/mpris/MediaPlayer2")
                self.status = "Stopped"
                self.metadata = dbus.Dictionary({"mpris:trackid": dbus.ObjectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack")}, signature="sv")
                self.base = 0.0
                self.since = time.monotonic()

            def position_us(self):
                p = self.base
                if self.status == "Playing":
                    p += time.monotonic() - self.since
                return dbus.Int64(int(p * 1e6))

            def set_position(self, seconds):
                self.base = seconds
                self.since = time.monotonic()

            def root_props(self):
                return {"CanQuit": False, "CanRaise": False, "HasTrackList": False, "Identity": "Ticker Test Player",
                        "SupportedUriSchemes": dbus.Array([], signature="s"), "SupportedMimeTypes": dbus.Array([], signature="s")}

            def player_props(self):
                return {"PlaybackStatus": self.status, "LoopStatus": "None", "Rate": 1.0, "Shuffle": False,
                        "Metadata": self.metadata, "Volume": 1.0, "Position": self.position_us(),
                        "MinimumRate": 1.0, "MaximumRate": 1.0, "CanGoNext": True, "CanGoPrevious": True,
                        "CanPlay": True, "CanPause": True, "CanSeek": True, "CanControl": True}

            @dbus.service.method(PROPS, in_signature="ss", out_signature="v")
            def Get(self, interface, name):
                return self.GetAll(interface)[name]

            @dbus.service.method(PROPS, in_signature="s", out_signature="a{sv}")
            def GetAll(self, interface):
                if interface == ROOT: return self.root_props()
                if interface == PLAYER: return self.player_props()
                raise dbus.exceptions.DBusException("org.freedesktop.DBus.Error.UnknownInterface", interface)

            @dbus.service.method(PROPS, in_signature="ssv")
            def Set(self, interface, name, value):
                pass

            @dbus.service.signal(PROPS, signature="sa{sv}as")
            def PropertiesChanged(self, interface, changed, invalidated):
                pass

            @dbus.service.signal(PLAYER, signature="x")
            def Seeked(self, position):
                pass

            @dbus.service.method(ROOT)
            def Raise(self): pass
            @dbus.service.method(ROOT)
            def Quit(self): pass

            @dbus.service.method(PLAYER)
            def Play(self): self.change_status("Playing")
            @dbus.service.method(PLAYER)
            def Pause(self): self.change_status("Paused")
            @dbus.service.method(PLAYER)
            def PlayPause(self): self.change_status("Paused" if self.status == "Playing" else "Playing")
            @dbus.service.method(PLAYER)
            def Stop(self): self.change_status("Stopped")
            @dbus.service.method(PLAYER)
            def Next(self): pass
            @dbus.service.method(PLAYER)
            def Previous(self): pass
            @dbus.service.method(PLAYER, in_signature="x")
            def Seek(self, offset): self.seek(self.position_us() / 1e6 + offset / 1e6)
            @dbus.service.method(PLAYER, in_signature="ox")
            def SetPosition(self, track, position): self.seek(position / 1e6)
            @dbus.service.method(PLAYER, in_signature="s")
            def OpenUri(self, uri): pass

            def change_status(self, status):
                self.set_position(self.position_us() / 1e6)
                self.status = status
                self.PropertiesChanged(PLAYER, {"PlaybackStatus": status}, [])

            def seek(self, seconds):
                self.set_position(seconds)
                self.Seeked(self.position_us())

            def change_track(self, fields, position):
                m = {"mpris:trackid": dbus.ObjectPath("/org/tickerd/track/%d" % int(time.monotonic() * 1000))}
                if "title" in fields: m["xesam:title"] = fields["title"]
                if "artist" in fields: m["xesam:artist"] = dbus.Array(fields["artist"], signature="s")
                if "album" in fields: m["xesam:album"] = fields["album"]
                if "url" in fields: m["xesam:url"] = fields["url"]
                if "artUrl" in fields: m["mpris:artUrl"] = fields["artUrl"]
                if "length" in fields: m["mpris:length"] = dbus.Int64(fields["length"])
                self.metadata = dbus.Dictionary(m, signature="sv")
                self.set_position(position)
                self.PropertiesChanged(PLAYER, {"Metadata": self.metadata}, [])

        def main():
            DBusGMainLoop(set_as_default=True)
            bus = dbus.SessionBus()
            player = Mpris(bus, sys.argv[1] if len(sys.argv) > 1 else "tickertest")
            loop = GLib.MainLoop()

            def on_line(channel, condition):
                line = sys.stdin.readline()
                if not line:
                    loop.quit()
                    return False
                verb, _, rest = line.strip().partition(" ")
                if verb == "track":
                    player.change_track(json.loads(rest), 0.0)
                elif verb == "status":
                    player.change_status(rest)
                elif verb == "seek":
                    player.seek(float(rest))
                elif verb == "refresh":
                    player.PropertiesChanged(PLAYER, {"Metadata": player.metadata}, [])
                elif verb == "quit":
                    loop.quit()
                    return False
                print("ok " + verb, flush=True)
                return True

            GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, on_line)
            print("ready", flush=True)
            loop.run()

        main()
        """#
}
