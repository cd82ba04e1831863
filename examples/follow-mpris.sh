#!/usr/bin/env bash
# Follows MPRIS media players (browsers, Spotify, VLC, mpv with mpv-mpris, …) with playerctl and writes
# what they play into tickerd's feed. Needs playerctl (Debian: apt-get install playerctl) and a session
# bus, so run it as the desktop user (see systemd/tickerd-follow-mpris.service).
#   TICKERD_FEED   the feed FIFO (default /run/tickerd/feed)
#   PLAYER         restrict to one player (playerctl --player), e.g. spotify
set -u
feed=${TICKERD_FEED:-/run/tickerd/feed}
sep=$'\x1f'
format="{{status}}${sep}{{xesam:title}}${sep}{{xesam:artist}}${sep}{{xesam:album}}${sep}{{mpris:length}}${sep}{{position}}"
player_args=()
[ -n "${PLAYER:-}" ] && player_args=(--player "$PLAYER")

command -v playerctl >/dev/null 2>&1 || { echo "follow-mpris: playerctl is not installed (apt-get install playerctl)" >&2; exit 1; }

# One line of text: control characters become spaces.
clean() { printf '%s' "${1//[$'\001'-$'\037'$'\177']/ }"; }

# Microseconds to seconds with three decimals.
seconds() { local us=${1:-0}; [[ $us =~ ^[0-9]+$ ]] || us=0; printf '%d.%03d' $((us / 1000000)) $((us / 1000 % 1000)); }

last_track=""
while true; do
    while IFS="$sep" read -r status title artist album length position; do
        batch=""
        track="$title$sep$artist$sep$album"
        if [ "$track" != "$last_track" ]; then
            batch+="title $(clean "$title")"$'\n'"artist $(clean "$artist")"$'\n'"album $(clean "$album")"$'\n'
            [ -n "$length" ] && batch+="duration $(seconds "$length")"$'\n'
            batch+="lyrics clear"$'\n'
            last_track=$track
        fi
        case "$status" in
            Playing) batch+="play"$'\n' ;;
            Paused) batch+="pause"$'\n' ;;
            *) batch+="stop"$'\n' ;;
        esac
        [ -n "$position" ] && batch+="position $(seconds "$position")"$'\n'
        # One printf is one write(): under 4096 bytes it reaches the daemon whole. The timeout keeps a
        # missing daemon (a FIFO nobody reads) from blocking the loop.
        if [ -p "$feed" ]; then
            timeout 2 bash -c 'printf "%s" "$1" > "$2"' _ "$batch" "$feed" || echo "follow-mpris: no tickerd is reading '$feed'" >&2
        else
            echo "follow-mpris: feed '$feed' does not exist (is tickerd running?)" >&2
        fi
    done < <(playerctl "${player_args[@]}" --follow metadata --format "$format" 2>/dev/null)
    # playerctl ends when the session bus goes away; start over rather than exit.
    sleep 2
done
