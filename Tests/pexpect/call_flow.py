#!/usr/bin/env python3
"""The automation guide's pexpect example: plain mode in a pseudo-terminal, driven from Python.

A call arrives (softphone call), rings, is answered with 'a' and hung up with 'd'; the script
checks each line and the phone's exit status. SOFTPHONE_BIN is the phone, SOFTPHONE_WORK a
private folder (run-all.sh sets both).
"""
import os
import subprocess
import sys

import pexpect

phone_bin = os.environ["SOFTPHONE_BIN"]
work = os.environ["SOFTPHONE_WORK"]
socket = os.path.join(work, "control.sock")


def remote(*args):
    """Runs a client subcommand (the remote side) against this phone; returns its exit status."""
    return subprocess.run([phone_bin, *args, "--socket", socket], capture_output=True, text=True).returncode


phone = pexpect.spawn(phone_bin, ["--plain", "--no-audio", "--socket", socket, "--data-dir", work + "/data"],
                      encoding="utf-8", timeout=10)
phone.logfile_read = sys.stdout
phone.expect(r"READY app=voip lock=locked token=[0-9a-f]{64}\r\n")

assert remote("call", "--from", "Zoë 张伟", "--handle", "+15551234") == 0
phone.expect(r'INCOMING call=1 uuid=[0-9A-F-]{36} from="Zoë 张伟" handle=\+15551234 video=no')
phone.send("a")
phone.expect(r"CONNECTED call=1\r\n")
phone.send("d")
phone.expect(r"ENDED call=1 reason=local duration=\d+s\r\n")

# Hanging up again: no call, so the remote side's hangup exits 1.
assert remote("hangup") == 1

phone.send("q")
phone.expect(pexpect.EOF)
phone.close()
assert phone.exitstatus == 0, f"exit status {phone.exitstatus}"
print("\npexpect flow passed")
