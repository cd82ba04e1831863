#!/usr/bin/env bash
# Prints flash and static RAM of each firmware image: sizes.sh OBJDUMP IMAGE.elf...
# flash = code, constants and the initial values of data; static RAM = data and zeroed data. The heap the
# panel allocates at start-up comes on top of static RAM; each image reports it in its start-up banner.
set -euo pipefail
objdump=$1
shift
printf '%-18s %10s %15s\n' image 'flash (B)' 'static RAM (B)'
for elf in "$@"; do
    flash=0
    ram=0
    while read -r _ name size _; do
        case $name in
            .text | .ARM.exidx) flash=$((flash + 0x$size)) ;;
            .data) flash=$((flash + 0x$size)); ram=$((ram + 0x$size)) ;;
            .bss) ram=$((ram + 0x$size)) ;;
        esac
    done < <("$objdump" -h "$elf" | grep -E '^ +[0-9]+ ')
    printf '%-18s %10d %15d\n' "$(basename "$(dirname "$elf")")" "$flash" "$ram"
done
