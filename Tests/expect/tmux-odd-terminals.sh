#!/usr/bin/env bash
# Odd terminals: a locale that is not UTF-8 gets the ASCII outline; an unknown TERM falls back to
# plain mode with a one-line note; NO_COLOR and a terminal without colours draw no colour, a
# 256-colour terminal uses its palette. Each quits with the terminal restored.
source "$(dirname "$0")/common-tmux.sh"

start_phone 80 24 LANG=C LC_ALL=C
wait_for "+--------------------------------+"
wait_for "| "
wait_for "Locked"
screen | grep -q "[╭🔒·]" && fail "non-ASCII characters in the C locale"
remote call --from "Zoë 张伟"
wait_for "Zo? ????"
keys q
expect_exit 0
echo "LANG=C: ASCII outline"

start_phone 80 24 TERM=xterm-nonexistent
wait_for 'WARNING full screen unavailable: ncurses cannot drive terminal type "xterm-nonex'
wait_for "READY app=voip"
remote call --from Ann
wait_for "INCOMING call=1"
keys q
expect_exit 0
echo "unknown TERM: plain mode"

# Colour, as the SGR sequences tmux holds for the cells: 256-colour foregrounds (38;5;N) by default.
start_phone 80 24
remote call --from Ann
wait_for "[a] Accept"
tmux_ capture-pane -e -p -t phone | grep -q $'\e\\[[0-9;]*38;5;' || fail "no 256-colour foregrounds on tmux-256color"
keys q
expect_exit 0

start_phone 80 24 NO_COLOR=1
remote call --from Ann
wait_for "[a] Accept"
tmux_ capture-pane -e -p -t phone | grep -q $'\e\\[[0-9;]*3[0-7]m\|38;5;' && fail "colour with NO_COLOR set"
tmux_ capture-pane -e -p -t phone | grep -q $'\e\\[7m\|;7m' || fail "no reverse video for the accept and decline keys with NO_COLOR"
keys q
expect_exit 0
echo "NO_COLOR: monochrome"
echo "odd terminals passed"
