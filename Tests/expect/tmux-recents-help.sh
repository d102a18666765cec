#!/usr/bin/env bash
# Recents and the help overlay, driven by keys in a real terminal: a declined call shows in Recents
# (r), Enter calls it back (the app places the call through CallKit), ? lists the keys of the screen
# on show and any key closes it; quitting from Recents and from help gives the terminal back.
source "$(dirname "$0")/common-tmux.sh"

start_phone 80 24
remote call --from "Zoë 张伟" --handle +15551234
wait_for "[a] Accept"
keys d
wait_for "Call ended"
wait_gone "Call ended"

# Help over the lock screen: every key of the screen, then any key closes it and does nothing else.
keys '?'
wait_for "Keys on the lock screen"
screen | grep -qF "open Recents" || fail "help does not list r"
keys v
wait_gone "Keys on the lock screen"
screen | grep -qF "Events" && fail "v over help opened the event log instead of only closing help"

keys r
wait_for "Recents"
wait_for "Zoë 张伟"
keys '?'
wait_for "Keys on the recents screen"
keys j
wait_gone "Keys on the recents screen"
wait_for "Zoë 张伟"
keys Enter
wait_for "connecting"
"$bin" wait call.connected --socket "$sock" --timeout 10 > /dev/null || fail "the call back did not connect"
wait_for "[d] End"
keys d
wait_for "Call ended"
wait_gone "Call ended"

# Quitting from Recents and from the help overlay restores the terminal.
keys r
wait_for "Recents"
keys q
expect_exit 0
echo "quit from Recents: terminal restored"

start_phone 40 12
keys '?'
wait_for "Keys on the lock screen"
keys q
wait_gone "Keys on the lock screen"
keys q
expect_exit 0
echo "recents and help passed"
