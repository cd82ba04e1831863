#!/usr/bin/env python3
"""Measures how many full frames per second the QEMU firmware decodes and mirrors.

    qemu-fps.py IMAGE_DIR [FRAMES]      e.g.  qemu-fps.py build/qemu-128x16 300

Boots the image with UART0 and UART1 on Unix sockets this script listens on, waits for the start-up banner,
then streams FRAMES full frames (each different) as fast as QEMU takes them and times from the first byte
sent to the last frame's mirror separator. The frames are encoded here from docs/PROTOCOL.md, independently
of TickerWire. The figure includes the firmware's ASCII mirror of every frame on UART1.
"""
import os
import select
import socket
import subprocess
import sys
import tempfile
import time


def crc16(data):
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def cobs(data):
    out, block = bytearray(), bytearray()
    for byte in data:
        if byte == 0:
            out += bytes([len(block) + 1]) + block
            block = bytearray()
        else:
            block.append(byte)
            if len(block) == 254:
                out += b"\xff" + block
                block = bytearray()
    return bytes(out + bytes([len(block) + 1]) + block)


def full_frame(width, height, bits, sequence, pixels):
    packet = bytes([1, 0x10, sequence & 0xFF, width & 0xFF, width >> 8, height, bits]) + pixels
    crc = crc16(packet)
    return cobs(packet + bytes([crc >> 8, crc & 0xFF])) + b"\x00"


def main():
    image = sys.argv[1].rstrip("/")
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    width, height = (int(n) for n in os.path.basename(image).split("-")[-1].split("x"))
    bits = 2
    column_bytes = (height * bits + 7) // 8
    directory = tempfile.mkdtemp(prefix="panel-fps-")
    listeners = []
    for name in ("link", "mirror"):
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(os.path.join(directory, name + ".sock"))
        listener.listen(1)
        listeners.append(listener)
    qemu = subprocess.Popen(
        ["qemu-system-arm", "-M", "mps2-an386", "-nographic", "-monitor", "none",
         "-serial", "unix:" + os.path.join(directory, "link.sock"),
         "-serial", "unix:" + os.path.join(directory, "mirror.sock"),
         "-kernel", os.path.join(image, "panel.elf")],
        stdin=subprocess.DEVNULL)
    try:
        link = listeners[0].accept()[0]
        mirror = listeners[1].accept()[0]
        link.setblocking(False)
        stream = b"".join(
            full_frame(width, height, bits, n, bytes((n * 7 + i) & 0xFF for i in range(width * column_bytes)))
            for n in range(frames))
        text = b""
        deadline = time.monotonic() + 120
        while b"ready" not in text:
            select.select([mirror], [], [], 10)
            text += mirror.recv(65536)
        # QEMU notices the guest's receiver only on a main-loop pass: prime it with one frame first.
        link.sendall(full_frame(width, height, bits, 255, bytes(width * column_bytes)))
        while b"=== 1 frame" not in text:
            select.select([mirror], [], [], 10)
            text += mirror.recv(65536)
        sent, seen, tail = 0, 0, b""
        marker = b"=== %d frame" % (frames + 1)
        start = time.monotonic()
        while True:
            if time.monotonic() > deadline:
                sys.exit("timed out after %d of %d frames" % (seen, frames))
            readable, writable, _ = select.select([mirror, link], [link] if sent < len(stream) else [], [], 5)
            if link in writable:
                try:
                    sent += link.send(stream[sent:sent + 65536])
                except BlockingIOError:
                    pass
            if link in readable:
                link.recv(65536)
            if mirror in readable:
                chunk = tail + mirror.recv(1 << 20)
                if marker in chunk:
                    break
                tail = chunk[-64:]
        elapsed = time.monotonic() - start
        print("%dx%d at %d bpp: %d frames (%d bytes each on the wire) in %.2f s = %.0f frames/s"
              % (width, height, bits, frames, len(stream) // frames, elapsed, frames / elapsed))
    finally:
        qemu.kill()
        qemu.wait()


if __name__ == "__main__":
    main()
