#!/usr/bin/env bash
# The / command line: the CLI's words run as socket requests, results and errors on the line,
# Esc cancels, Backspace edits, ↑/↓ bring back commands, ←/Home move the cursor, UTF-8 typed in;
# v shows the event log; app delete and app install change the lock screen's status.
source "$(dirname "$0")/common-tmux.sh"
start_phone 80 24
keys /
wait_for "/▏"
type_text 'call --from "Zoë 张伟" --handle +15551234'
wait_for '/call --from "Zoë 张伟" --handle +15551234▏'
keys Enter
wait_for "ok: call 1 ringing"
wait_for "ringing 0:0"
screen | grep -qF "Zoë 张伟" || fail "the caller typed in UTF-8"

# A mistake is one line; the next key clears it.
keys /
type_text 'call --form Bob'
keys Enter
wait_for 'error: call: unknown option "--form"'

# Esc cancels: "key d" is never run, the call still rings.
keys /
type_text 'key d'
keys Escape
wait_gone "/key d"
sleep 0.3
"$bin" state --socket "$sock" | grep -q '"screen":"incoming"' || fail "Esc did not cancel"

# Backspace edits: "key ax" becomes "key a".
keys /
type_text 'key ax'
keys BSpace
wait_for "/key a▏"
keys Enter
wait_for "[d] End"

# ↑ brings back the last command; ← and Home move the cursor, typing inserts there.
keys /
keys Up
wait_for "/key a▏"
keys Up
wait_for "/call --form Bob▏"
keys Down Down
wait_for "/▏"
type_text 'lok'
keys Left
type_text 'c'
wait_for "/loc▏k"
keys Home
type_text 'un'
wait_for "/un▏lock"
keys End Escape
wait_gone "/unlock"

# v shows the event stream's newest lines under the phone, and hides them again.
keys v
wait_for "Events · v hide"
wait_for 'call.incoming call=1 caller="Zoë 张伟"'
wait_for "call.connected call=1"
keys /
type_text 'hangup'
keys Enter
wait_for "call.ended call=1"
wait_for "Call ended"
keys v
wait_gone "Events · v hide"

# The app's life from the line: deleted, the lock screen says so and the app will not open;
# installed again, it runs in the background.
wait_gone "Call ended"
keys /
type_text 'app delete'
keys Enter
wait_for "VoIP: not installed"
keys /
type_text 'app foreground'
keys Enter
wait_for "error: the app is not installed; softphone app install installs it again"
keys /
type_text 'app install'
keys Enter
wait_for "VoIP: in background"

# q while typing is typed; q after the line is closed quits.
keys /
type_text 'q'
wait_for "/q▏"
keys Escape
keys q
expect_exit 0
echo "command line passed"
