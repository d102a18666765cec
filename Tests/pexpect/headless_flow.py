#!/usr/bin/env python3
"""The automation guide's headless example: no screen, JSON lines both ways.

The phone reads control requests from stdin and writes events (objects with "event") and replies
(objects with "ok") to stdout. Each request's reply comes in order, but an event a request causes
may come before its reply: keep every line read, and look in them first (as `softphone wait` does).
"""
import json
import os
import subprocess

phone_bin = os.environ["SOFTPHONE_BIN"]
work = os.environ["SOFTPHONE_WORK"]
phone = subprocess.Popen(
    [phone_bin, "--headless", "--no-audio", "--socket", work + "/control.sock", "--data-dir", work + "/data"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")


def request(**fields):
    phone.stdin.write(json.dumps(fields) + "\n")
    phone.stdin.flush()


seen = []


def until(wanted):
    """The first line read so far, or read from now on, for which wanted(obj) is true."""
    for message in seen:
        if wanted(message):
            seen.remove(message)
            return message
    for line in phone.stdout:
        message = json.loads(line)
        if wanted(message):
            return message
        seen.append(message)
    raise SystemExit("the phone quit before the line the script waited for")


until(lambda m: m.get("event") == "phone.ready")
request(id=1, cmd="push", payload={"aps": {}, "caller": "Zoë", "handle": "+15551234"},
        topic="com.example.voip.voip", priority=10)
reply = until(lambda m: m.get("id") == 1)
assert reply["ok"] and reply["call"] == 1, reply
until(lambda m: m.get("event") == "call.incoming" and m["call"] == 1)
request(id=2, cmd="key", keys="a")
until(lambda m: m.get("event") == "call.connected")
request(id=3, cmd="key", keys="d")
ended = until(lambda m: m.get("event") == "call.ended")
assert ended["reason"] == "local", ended
request(id=4, cmd="push", payload={"aps": {}}, topic="com.example.voip")
refused = until(lambda m: m.get("id") == 4)
assert not refused["ok"] and "DeviceTokenNotForTopic" in refused["error"], refused
request(cmd="key", keys="q")
assert phone.wait(timeout=10) == 0
print("headless flow passed")
