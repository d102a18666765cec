#!/usr/bin/env bash
# softphone demo in an 80×24 terminal: the tour's caption and a ringing call on the full screen,
# n skips to the next flow, space pauses and goes on, q ends the tour and gives the terminal back
# as it was (`stty -a` after equals before), with no phone left running and its private folder
# gone; Ctrl-C ends it the same way, with 130.
source "$(dirname "$0")/common-tmux.sh"

# start_demo: the demo, full screen, its phone's socket where the helpers look.
start_demo() {
    rm -rf "$work/tmp" "$work/status" "$work/before" "$work/after" "$sock"
    mkdir "$work/tmp"
    {
        echo "trap true INT QUIT"
        echo "stty -a > $work/before"
        printf 'env TMPDIR=%q %q demo --no-audio --socket %q\n' "$work/tmp" "$bin" "$sock"
        echo "echo \$? > $work/status"
        echo "stty -a > $work/after"
        echo "exec sleep 600"
    } > "$work/run.sh"
    if tmux_ has-session -t phone 2>/dev/null; then tmux_ kill-session -t phone; fi
    tmux_ new-session -d -s phone -x 80 -y 24 "sh $work/run.sh"
    "$bin" wait phone.ready --socket "$sock" --timeout 20 > /dev/null || fail "the demo's phone did not start"
}

# The tour left nothing behind: no phone answers, the private folder is gone.
expect_clean() {
    if "$bin" state --socket "$sock" > /dev/null 2>&1; then fail "a phone still answers after the demo ended"; fi
    [ -z "$(ls -A "$work/tmp")" ] || fail "the demo left $(ls "$work/tmp") in its temporary folder"
}

start_demo
wait_for "Next, 1/16: voip: a call rings on the locked phone"
# The first flow: its push rings the locked phone, the caption says why.
wait_for "1/16 · The app's server sends a VoIP push; the app reports the call to CallKit"
wait_for "Zoë 张伟"
wait_for "[a] Accept"
echo "caption and ringing call shown"

keys n
wait_for "Next, 2/16: voip: call waiting"
wait_gone "Zoë 张伟"
echo "n: on to the next flow, the call ended"

keys Space
wait_for "Paused: the phone runs on"
sleep 4  # longer than the pause between flows: nothing moves while paused
screen | grep -qF "Paused: the phone runs on" || fail "the pause did not hold"
screen | grep -qF "2/16 · " && fail "the flow went on while paused"
keys Space
wait_for "2/16 · The app's server sends a VoIP push"
wait_for "Alice"
echo "space: paused, then on"

keys q
expect_exit 0
expect_clean
echo "q: tour ended, terminal restored"

start_demo
wait_for "Next, 1/16"
keys C-c
expect_exit 130
expect_clean
echo "Ctrl-C: tour ended, terminal restored"
echo "demo passed"
