#!/usr/bin/env bash
# Installs the Debian packages tickerd needs, and only those missing.
#   scripts/deps.sh build   what building needs (libserialport; FriBidi and ICU for the text layout;
#                           libmosquitto for the MQTT bridge; libpng and giflib for pictures of the panel;
#                           libjpeg-turbo for album covers; libmicrohttpd for the web front end;
#                           libcurl, with its headers for a link with the Swift runtime in it, and the CA
#                           certificates, which FoundationNetworking uses for the followers' lyrics server)
#   scripts/deps.sh package that plus what `make deb` makes the package with (debhelper, lintian, and systemd's
#                           pkg-config files where they are a package of their own)
#   scripts/deps.sh test    that plus what the test suite drives for real (fonts, socat, QEMU, MPD, Mopidy, sox,
#                           playerctl with a private D-Bus session bus, mpv with mpv-mpris and a Python MPRIS
#                           player, mutagen and opusenc for tagged music files, openssl for a self-signed
#                           lyrics server, the Mosquitto broker and its clients, Jinja2 to render Home
#                           Assistant's templates, make for `make demo`, the Open Lighting Architecture's
#                           olad and its Python client to receive Art-Net and E1.31, avahi-daemon and
#                           avahi-utils for finding WLED by mDNS, Chromium with chromedriver and curl for the
#                           web front end's page and API, zsh and fish to run tickerctl's completions)
set -euo pipefail

build_packages=(libserialport-dev libfribidi-dev libicu-dev libmosquitto-dev pkg-config libcurl4-openssl-dev ca-certificates
    libpng-dev libgif-dev libjpeg62-turbo-dev libmicrohttpd-dev)
package_packages=(debhelper lintian dpkg-dev)
# Where systemd and udev want their files comes from their pkg-config files, in systemd-dev since Debian 13
# (/usr/lib there; /lib in Debian 12, whose systemd and udev hold them).
if apt-cache show systemd-dev >/dev/null 2>&1; then package_packages+=(systemd-dev); fi
test_packages=(xfonts-base xfonts-unifont pcf2bdf socat qemu-system-arm mpd mpc mopidy mopidy-mpd sox flac systemd playerctl dbus
    python3-dbus python3-gi mpv mpv-mpris python3-mutagen opus-tools openssl mosquitto mosquitto-clients
    python3-jinja2 make ola ola-python avahi-daemon avahi-utils tzdata chromium chromium-driver curl zsh fish)

case "${1:-build}" in
    build) wanted=("${build_packages[@]}") ;;
    package) wanted=("${build_packages[@]}" "${package_packages[@]}") ;;
    test) wanted=("${build_packages[@]}" "${package_packages[@]}" "${test_packages[@]}") ;;
    *) echo "usage: scripts/deps.sh build|package|test" >&2; exit 2 ;;
esac

missing=()
for package in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v swift >/dev/null 2>&1; then
    echo "deps: the Swift toolchain (6.0 or later) must be on PATH" >&2
    exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
