#!/usr/bin/env bash
# Quitting from every screen (lock, incoming, in-call, call waiting, ended) with q, and from a
# ringing call with Ctrl-C, gives the terminal back as it was: `stty -a` after equals before.
source "$(dirname "$0")/common-tmux.sh"

# quit_from SCREEN-TEXT KEY STATUS: the phone shows SCREEN-TEXT; KEY leaves with STATUS.
quit_from() {
    wait_for "$1"
    keys "$2"
    expect_exit "$3"
    echo "quit from \"$1\" with $2: terminal restored"
}

start_phone 80 24
quit_from "c demo call · r recents" q 0

start_phone 80 24
remote call --from Ann
quit_from "[a] Accept" q 0

start_phone 80 24
remote call --from Ann
wait_for "[a] Accept"
keys a
quit_from "[d] End" q 0

start_phone 80 24
remote call --from Ann
wait_for "[a] Accept"
keys a
wait_for "[d] End"
remote call --from Bob
quit_from "Call waiting" q 0

start_phone 80 24
remote call --from Ann
wait_for "[a] Accept"
keys d
quit_from "Call ended" q 0

# Ctrl-C: SIGINT, exit 128 + 2, the call ended first.
start_phone 80 24
remote call --from Ann
quit_from "[a] Accept" C-c 130

# The compact layout too.
start_phone 40 12
remote call --from Ann
quit_from "a accept · d/b decline · ? help" q 0
echo "quit passed"
