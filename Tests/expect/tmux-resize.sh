#!/usr/bin/env bash
# Resizing while the phone rings: compact at 40×12, the caller and the keys below it, a storm of sizes
# down to 1×1 and back, and the roomy screen redrawn at 80×24 at the end; nothing crashes and
# quitting restores the terminal.
source "$(dirname "$0")/common-tmux.sh"
start_phone 80 24
remote call --from "Zoë 张伟" --handle +15551234
wait_for "Zoë 张伟"
wait_for "╭"

size 40 12
wait_for "a accept · d/b decline · ? help"
wait_gone "╭"
screen | grep -qF "Zoë 张伟" || fail "the caller at 40×12"

size 30 10
wait_for "Zoë 张伟 calling"
wait_for "a accept · d/b decline"
size 12 3
wait_for "a accept"

# A storm: many sizes in quick succession, 1×1 among them.
for round in $(seq 5); do
    for wh in "1 1" "200 60" "39 11" "40 12" "2 1" "120 40" "1 50" "80 24" "81 25" "7 7"; do
        size $wh
        sleep 0.01
    done
done
size 1 1
sleep 0.3
size 80 24
wait_for "╭"
wait_for "Zoë 张伟"
wait_for "a/Enter accept · d/b/Esc decline · s silence"
"$bin" state --socket "$sock" | grep -q '"screen":"incoming"' || fail "the phone still rings after the storm"
screen | grep -qF "Enlarge" && fail "the enlarge notice stayed at 80×24"

keys q
expect_exit 0
echo "resize passed"
