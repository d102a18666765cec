#!/usr/bin/env bash
# Remakes the seed corpora in Tests/fuzz/corpus/ from Assets/ (run from anywhere; needs sox and
# python3). The files are small on purpose: libFuzzer mutates short inputs faster, and the
# repository keeps them. Run it again after an asset's format changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=$root/Tests/fuzz/corpus
rm -rf "$corpus"
mkdir -p "$corpus"/{json,control-request,scenario,vibrations,ringtone,apns-request}

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
