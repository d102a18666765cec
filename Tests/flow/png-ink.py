#!/usr/bin/env python3
"""Prints how much of a PNG screenshot is ink: `ink=0.0312 colours=57` (the share of pixels that
are not the page's white background, and how many distinct colours there are). The flow picture's
Chromium test reads it to tell a drawn page from a blank one. Standard library only; 8-bit RGB or
RGBA, not interlaced, as Chromium writes its screenshots."""
import struct
import sys
import zlib


def pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG file")
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit(f"{path}: only 8-bit RGB or RGBA PNGs without interlacing are read (depth {depth}, colour type {colour})")
    step = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * step
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - step] if x >= step else 0
            up = previous[x]
            corner = previous[x - step] if x >= step else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    for line in rows:
        for x in range(0, stride, step):
            yield line[x:x + 3]


def main():
    total, ink, colours = 0, 0, set()
    for rgb in pixels(sys.argv[1]):
        total += 1
        if rgb != b"\xff\xff\xff":
            ink += 1
            if len(colours) < 100000:
                colours.add(rgb)
    print(f"ink={ink / max(1, total):.4f} colours={len(colours)}")


main()
