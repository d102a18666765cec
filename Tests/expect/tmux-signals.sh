#!/usr/bin/env bash
# Every signal that ends the phone gives the terminal back as it was: `stty -a` after equals
# before, the alternate screen left, the cursor shown, the keypad out of application mode; and the
# control socket is removed. The orderly ones (Ctrl-\, SIGUSR1, SIGALRM, …) end the call first;
# the crash signals (SIGSEGV, SIGABRT, …) are caught, the terminal restored, a crash report
# written, and re-raised at once.
source "$(dirname "$0")/common-tmux.sh"

# The pane's modes: alternate screen, cursor shown, application cursor keys, application keypad.
modes() { tmux_ display-message -p -t phone '#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag}'; }

# The phone's process id: the one child of the pane's shell.
phone_pid() { pgrep -P "$(tmux_ display-message -p -t phone '#{pane_pid}')" | head -1; }

# signal_ends NAME NUMBER: the ringing phone gets SIGNAME and exits with 128 + NUMBER, everything restored.
signal_ends() {
    local name=$1 number=$2
    start_phone 80 24
    remote call --from Ann
    wait_for "[a] Accept"
    [ "$(modes)" != "0 1 0 0" ] || fail "full screen did not change the pane's modes"
    kill -s "$name" "$(phone_pid)"
    expect_exit $((128 + number))
    [ "$(modes)" = "0 1 0 0" ] || fail "after SIG$name the pane's modes are $(modes), wanted 0 1 0 0"
    [ ! -e "$sock" ] || fail "after SIG$name the socket $sock is still there"
    echo "SIG$name: exit $((128 + number)), terminal restored, socket removed"
}

for entry in QUIT:3 USR1:10 USR2:12 ALRM:14 TERM:15 HUP:1 SEGV:11 ABRT:6 BUS:7 FPE:8 ILL:4 TRAP:5; do
    signal_ends "${entry%%:*}" "${entry##*:}"
done

# Ctrl-\ typed at the keyboard: the same as SIGQUIT.
start_phone 80 24
keys 'C-\'
expect_exit 131
[ "$(modes)" = "0 1 0 0" ] || fail "after Ctrl-\\ the pane's modes are $(modes)"
echo "signals passed"
