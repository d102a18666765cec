#!/usr/bin/env python3
"""A sound card for machines that have none: the far end of Tests/alsa/paced.conf.

ALSA's file plugin starts this program once per stream and writes the stream into its standard
input as a WAV file: a 44-byte header, then interleaved frames. This program

  * takes those frames no faster than a card would play them, so the writer's snd_pcm_writei()
    blocks as it does on hardware (the pipe is first shrunk to one page, else the writer could run
    a pipe's default 64 KiB, a third of a second, ahead);
  * keeps what it was given as $SOFTPHONE_CAPTURE_DIR/stream-<ms>-<pid>.wav, with silence where the
    writer fell behind (what a card plays on an underrun), so the file's time is the wall clock's;
  * stops pacing when the writer closes the stream (snd_pcm_drop or snd_pcm_close): a card stops
    at once, so what is still in the pipe is recorded but not waited for;
  * appends one line per stream to $SOFTPHONE_CAPTURE_DIR/pacer.log: the file, its format, the
    seconds it holds, the silence inserted and how many times (underruns).

Environment: SOFTPHONE_CAPTURE_DIR (default: the current folder), SOFTPHONE_PACER_PERIOD_MS (how
far ahead of the clock it reads, default 10), SOFTPHONE_PACER_PIPE_PAGES (the pipe's size in pages,
default 1).

The defaults keep a writer within about 30 ms of the clock, which the tests' timing checks want,
but they wake a writer for every page it writes: about 50 times a second at 48 kHz stereo. A card
wakes the phone's audio thread when half of its 200 ms buffer is free, 10 times a second. With
SOFTPHONE_PACER_PIPE_PAGES=8 (170 ms) and SOFTPHONE_PACER_PERIOD_MS=100 the writer is woken as
often as on a card, so its CPU time is what it is on a laptop (`make bench` uses this).
"""
import errno
import fcntl
import os
import select
import struct
import sys
import termios
import time

PAGE = 4096
F_SETPIPE_SZ = getattr(fcntl, "F_SETPIPE_SZ", 1031)


def queued(fd):
    """Bytes waiting in the pipe."""
    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]


def shrink_pipe(fd, pages):
    """Shrinks the pipe to `pages` pages; returns the bytes read to get there and how it went.

    Linux refuses a size smaller than what the pipe holds (EBUSY), and the writer has usually
    filled it before this program ran. So: take the smallest size the pipe accepts now, read
    what it holds, and try again; each round the writer can run at most the new size ahead.
    """
    target = pages * PAGE
    held = bytearray()
    for _ in range(1000):
        for size in (target, 2 * target, 4 * target, 8 * target):
            try:
                fcntl.fcntl(fd, F_SETPIPE_SZ, size)
            except OSError as error:
                if error.errno == errno.EBUSY:
                    continue
                return bytes(held), "not-a-pipe"  # a file given by hand: record, pace anyway
            if size == target:
                return bytes(held), "one-page" if pages == 1 else "%d-pages" % pages
            break
        waiting = queued(fd)
        if waiting:
            held += os.read(fd, waiting)
    return bytes(held), "gave-up"


class Stream:
    """The writer's bytes: first those read while shrinking the pipe, then the pipe's."""

    def __init__(self, fd, held):
        self.fd = fd
        self.held = held

    def read(self, count):
        if self.held:
            chunk, self.held = self.held[:count], self.held[count:]
            return chunk
        return os.read(self.fd, count)

    def read_exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.read(count - len(data))
            if not chunk:
                break
            data += chunk
        return data


def log(folder, line):
    with open(os.path.join(folder, "pacer.log"), "a") as out:
        out.write(line + "\n")


def main():
    spawned = time.monotonic()
    folder = os.environ.get("SOFTPHONE_CAPTURE_DIR", ".")
    os.makedirs(folder, exist_ok=True)
    period_s = float(os.environ.get("SOFTPHONE_PACER_PERIOD_MS", "10")) / 1000
    fd = sys.stdin.fileno()
    held, shrink = shrink_pipe(fd, max(1, int(os.environ.get("SOFTPHONE_PACER_PIPE_PAGES", "1"))))
    stream = Stream(fd, held)

    header = stream.read_exactly(44)
    if len(header) < 44 or header[0:4] != b"RIFF" or header[8:12] != b"WAVE":
        log(folder, "pid=%d error=the stream does not start with a WAV header" % os.getpid())
        return 1
    channels, rate, byte_rate, frame_bytes, bits = struct.unpack("<HIIHH", header[22:36])
    name = "stream-%d-%d.wav" % (int(time.time() * 1000), os.getpid())
    out = open(os.path.join(folder, name), "wb")
    out.write(header)

    period_bytes = max(frame_bytes, int(byte_rate * period_s) // frame_bytes * frame_bytes)
    silence_byte = b"\x80" if bits == 8 else b"\x00"
    hangup = select.poll()
    hangup.register(fd, select.POLLHUP)

    start = None        # the clock's time of the stream's first frame
    played = 0          # bytes in the file: the writer's and the silence inserted
    padded = 0          # bytes of silence inserted
    underruns = 0
    after_close = 0     # bytes that came after the writer closed
    closed = False
    partial = b""
    while True:
        chunk = stream.read(period_bytes)
        if not chunk:
            break
        now = time.monotonic()
        if start is None:
            # Bytes read while shrinking the pipe were written before this program could run.
            start = spawned if held else now
        elif not closed:
            late = now - (start + played / byte_rate)
            if late > period_s:
                gap = int(late * byte_rate) // frame_bytes * frame_bytes
                out.write(silence_byte * gap)
                played += gap
                padded += gap
                underruns += 1
        partial += chunk
        whole = len(partial) // frame_bytes * frame_bytes
        out.write(partial[:whole])
        partial = partial[whole:]
        played += whole
        if closed:
            after_close += whole
            continue
        # Read the next period just before a card would run out of what it holds.
        wait = start + played / byte_rate - period_s - time.monotonic()
        if wait > 0 and hangup.poll(wait * 1000):
            closed = True

    out.seek(4)
    out.write(struct.pack("<I", min(36 + played, 0xFFFFFFFF)))
    out.seek(40)
    out.write(struct.pack("<I", min(played, 0xFFFFFFFF)))
    out.close()
    log(folder, "file=%s rate=%d channels=%d bits=%d seconds=%.3f silence_inserted=%.3f "
                "underruns=%d after_close=%.3f pipe=%s read_before_pacing=%d"
        % (name, rate, channels, bits, played / byte_rate, padded / byte_rate, underruns,
           after_close / byte_rate, shrink, len(held)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
