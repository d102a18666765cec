#!/usr/bin/env bash
# Remakes the seed corpora in Tests/fuzz/corpus/ from Assets/ (run from anywhere; needs sox and
# python3). The files are small on purpose: libFuzzer mutates short inputs faster, and the
# repository keeps them. Run it again after an asset's format changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=$root/Tests/fuzz/corpus
rm -rf "$corpus"
mkdir -p "$corpus"/{json,control-request,scenario,vibrations,ringtone,apns-request,http2-frames,jwt,storyboard,image}

# Push payloads as they are (the largest is 5 KB), and a few edge shapes of JSON.
cp "$root"/Assets/Payloads/*.json "$corpus/json/"
printf '%s' '[1,-0.5,2e10,"\u00e9\ud83d\ude00",true,false,null,{}]' > "$corpus/json/values.json"
printf '%s' '"a\"b\\c\/d\b\f\n\r\t"' > "$corpus/json/escapes.json"

# Control-request lines: every command, and each bundled payload pushed with APNs' headers.
python3 - "$root" "$corpus/control-request" <<'PY'
import json, pathlib, sys
root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
lines = {
    "call": {"cmd": "call", "from": "Alice", "handle": "+15551234", "video": True, "id": 1},
    "cancel": {"cmd": "cancel"}, "hangup": {"cmd": "hangup"}, "lock": {"cmd": "lock"},
    "unlock": {"cmd": "unlock"}, "state": {"cmd": "state", "id": "s"}, "screen": {"cmd": "screen"},
    "events": {"cmd": "events", "follow": True, "new": False},
    "key": {"cmd": "key", "keys": "a123#d"}, "app": {"cmd": "app", "action": "kill"},
}
for name, line in lines.items():
    (out / f"{name}.json").write_text(json.dumps(line, separators=(",", ":")))
for payload in sorted((root / "Assets/Payloads").glob("*.json")):
    if payload.stat().st_size > 1024:
        continue
    body = json.loads(payload.read_text())
    kind = "alert" if payload.name.startswith("ring-extension") else "voip"
    line = {"cmd": "push", "payload": body, "type": kind, "topic": "com.example.app.voip",
            "priority": "10", "expiration": "0", "collapse_id": "c1", "events": True, "id": 7}
    (out / f"push-{payload.stem}.json").write_text(json.dumps(line, separators=(",", ":")))
PY

# Provider requests as the APNs endpoint assembles them: the request line, headers, a blank line,
# the body. A good VoIP push, an alert push, a retired token, a repeated header, bad ids and
# priorities, a JWT (its signature another key's, so it checks the JWT's parsing), an empty body.
voip=$(printf 'ab%.0s' $(seq 32)); alert=$(printf 'cd%.0s' $(seq 32)); gone=$(printf 'ef%.0s' $(seq 32))
jwt='eyJhbGciOiJFUzI1NiIsImtpZCI6IkRaUVZYMkpLQUcifQ.eyJpc3MiOiJSSFVUUlM5WU1SIiwiaWF0IjoxNzk2MTQzMTA2fQ.MJ2wzdVFAOF5r29yTn-NAYKndI5K6XKTf314_n9XRQFJtcCkgyBf4QYxaWtuBB5wlc6cXWmO-8ZMr_xb2R_kbw'
push=$(cat "$root/Assets/Payloads/voip-call.json")
r() { local name=$1; shift; printf '%s\n' "$@" > "$corpus/apns-request/$name"; }
r voip "POST /3/device/$voip" "apns-topic: com.example.voip.voip" "apns-push-type: voip" "apns-priority: 10" "apns-expiration: 0" "" "$push"
r alert "POST /3/device/$alert" "apns-topic: com.example.voip" "apns-push-type: alert" "apns-collapse-id: c1" "" '{"aps":{"alert":"hi"}}'
r token "POST /3/device/$voip" "apns-topic: com.example.voip.voip" "authorization: bearer $jwt" "apns-id: 123e4567-e89b-12d3-a456-426614174000" "" "$push"
r retired "POST /3/device/$gone" "apns-topic: com.example.voip.voip" "" "$push"
r repeated "POST /3/device/$voip" "apns-topic: a" "APNS-TOPIC: b" "" "$push"
r bad "GET /3/device/xyz" "apns-id: nope" "apns-priority: 7" "apns-expiration: soon" "apns-push-type: fax" "" ""
r empty "POST /3/device/" "apns-topic: com.example.voip.voip" ""

# What a client sends the APNs endpoint on a connection, after HTTP/2's preface: the first byte
# even (the preface is sent first) or odd (the bytes go as they are), then raw frames. A VoIP push
# (SETTINGS, HEADERS in HPACK literals, DATA), the same with its headers split by a CONTINUATION,
# with PING, WINDOW_UPDATE, PRIORITY, RST_STREAM and GOAWAY around it, a stream the client ends
# without DATA, HTTP/1.1 and a TLS record without the preface.
python3 - "$corpus/http2-frames" "$voip" "$push" <<'PY'
import struct, sys
folder, token, body = sys.argv[1], sys.argv[2], sys.argv[3].encode()
def frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload
def literal(name, value):
    return b"\x00" + bytes([len(name)]) + name.encode() + bytes([len(value)]) + value.encode()
headers = b"".join(literal(n, v) for n, v in [(":method", "POST"), (":scheme", "http"), (":path", "/3/device/" + token),
    (":authority", "localhost"), ("apns-topic", "com.example.voip.voip"), ("apns-push-type", "voip"), ("apns-priority", "10")])
settings = frame(4, 0, 0, struct.pack(">HI", 3, 100))
push = frame(1, 4, 1, headers) + frame(0, 1, 1, body)
seeds = {
    "push": settings + push,
    "continuation": settings + frame(1, 0, 1, headers[:40]) + frame(9, 4, 1, headers[40:]) + frame(0, 1, 1, body),
    "control": settings + frame(6, 0, 0, b"pingping") + frame(8, 0, 0, struct.pack(">I", 65535)) + frame(2, 0, 1, struct.pack(">IB", 0, 16))
        + push + frame(3, 0, 3, struct.pack(">I", 8)) + frame(7, 0, 0, struct.pack(">II", 1, 0)),
    "no-body": settings + frame(1, 5, 1, headers),
    "two-streams": settings + push + frame(1, 4, 3, headers) + frame(0, 1, 3, body),
}
for name, data in seeds.items():
    open(f"{folder}/{name}", "wb").write(b"\x00" + data)
open(f"{folder}/http1", "wb").write(b"\x01POST /3/device/x HTTP/1.1\r\nHost: localhost\r\n\r\n")
open(f"{folder}/tls", "wb").write(b"\x01\x16\x03\x01\x00\x05\x01\x00\x00\x01\x00")
PY

# Provider tokens: the JWT above (its signature another key's), with padding appended to each
# part, in the standard alphabet, with an iat a year ahead and far past a 64-bit integer.
t() { printf '%s' "$2" > "$corpus/jwt/$1"; }
t token "$jwt"
header=${jwt%%.*}; rest=${jwt#*.}; claims=${rest%%.*}; signature=${rest#*.}
t padded "$header==.$claims=.$signature=="
t standard "$(printf '%s' "$jwt" | tr '_-' '/+')"
b64() { printf '%s' "$1" | base64 -w0 | tr '+/' '-_' | tr -d '='; }
t future "$header.$(b64 '{"iss":"RHUTRS9YMR","iat":1830000000}').$signature"
t huge "$header.$(b64 '{"iss":"RHUTRS9YMR","iat":9223372036854775808}').$signature"
t exponent "$header.$(b64 '{"iss":"RHUTRS9YMR","iat":1e20}').$signature"

# Storyboards: the Recents app's as it is, and the shapes the reader takes apart: a navigation
# controller and its root, entities in attributes, a comment, a CDATA section and a declaration,
# and a document without an initial controller.
cp "$root"/Tests/iOSApps/RecentsCallApp/Base.lproj/Main.storyboard "$corpus/storyboard/recents.storyboard"
s() { local name=$1; shift; printf '%s\n' "$@" > "$corpus/storyboard/$name.storyboard"; }
s navigation '<?xml version="1.0" encoding="UTF-8"?>' '<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="n1">' \
  '<scenes><scene sceneID="s1"><objects><navigationController id="n1" sceneMemberID="viewController"><connections>' \
  '<segue destination="v1" kind="relationship" relationship="rootViewController" id="g1"/></connections></navigationController></objects></scene>' \
  '<scene sceneID="s2"><objects><tableViewController id="v1" customClass="CallsViewController" customModule="App" storyboardIdentifier="Calls" title="Calls" sceneMemberID="viewController"/></objects></scene></scenes></document>'
s entities '<document initialViewController="a&amp;b"><viewController id="a&amp;b" title="&lt;Bob &quot;&#233;&#x1F600;&apos;&gt;" sceneMemberID="viewController"/></document>'
s comments '<!DOCTYPE x><!-- <viewController id="no"/> --><document><![CDATA[<viewController id="no" sceneMemberID="viewController"/>]]>' \
  "<viewController id='single' sceneMemberID='viewController'></viewController></document>"
s no-initial '<document><viewController id="v" sceneMemberID="viewController"/></document>'

# Images as an asset catalog's imageset holds them: the Recents app's icon, a PNG signature alone,
# and a file that is not a PNG.
cp "$root"/Tests/iOSApps/RecentsCallApp/Assets.xcassets/IconMask.imageset/IconMask@2x.png "$corpus/image/icon.png"
printf '\x89PNG\r\n\x1a\n' > "$corpus/image/signature.png"
printf 'GIF89a' > "$corpus/image/not-png.gif"

# Scenario files as they are, and the vibration patterns file.
cp "$root"/Assets/Scenarios/*.scenario "$corpus/scenario/"
cp "$root"/Assets/Vibrations/patterns.json "$corpus/vibrations/"

# Ringtones: the bundled ones are up to 1 MB, so the first 50 ms of one in each container and
# encoding libsndfile reads, and the small MP3 as it is.
source=$root/Assets/Ringtones/marimba.wav
while read -r name type options; do
  # shellcheck disable=SC2086 # the options are words on purpose
  sox "$source" -t "$type" $options "$corpus/ringtone/$name.$type" trim 0 0.05
done <<'LIST'
pcm16 wav -e signed-integer -b 16
ulaw wav -e u-law
alaw wav -e a-law
ima-adpcm wav -e ima-adpcm
float32 wav -e floating-point -b 32
pcm16 caf -e signed-integer -b 16
pcm24 aiff -e signed-integer -b 24
pcm16 flac -b 16
vorbis ogg -C 0
LIST
sox "$source" -c 1 -r 8000 -t wav -e signed-integer -b 16 "$corpus/ringtone/mono-8k.wav" trim 0 0.05
cp "$root"/Assets/Ringtones/blank_call.mp3 "$corpus/ringtone/"
