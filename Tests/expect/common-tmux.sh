# Shared by the tmux tests (tmux-*.sh): the full-screen phone in a real pseudo-terminal inside a
# private tmux server, driven with send-keys and read back with capture-pane (what a person sees,
# after tmux has interpreted every escape sequence). The phone runs under a small shell script that
# records `stty -a` before and after it, and its exit status, so a test can check that quitting
# gives the terminal back as it was.
set -u
bin=$SOFTPHONE_BIN
work=$SOFTPHONE_WORK
sock=$work/control.sock
# exit-empty off: the server stays up while start_phone replaces the session, so the next
# new-session never meets a server that is shutting down ("server exited unexpectedly").
printf 'set -s exit-empty off\nset -g default-terminal tmux-256color\nset -g status off\n' > "$work/tmux.conf"
tmux_() { tmux -L "softphone-test-$$" -f "$work/tmux.conf" "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true' EXIT

# The pane as text.
screen() { tmux_ capture-pane -p -t phone 2>/dev/null; }

fail() {
    echo "FAILED: $*"
    echo "--- the screen:"
    screen
    exit 1
}

# start_phone COLS ROWS [VAR=VALUE...] [-- PHONE-ARGS...]: starts the phone full screen in a
# COLS×ROWS terminal, with the variables set, and waits until it is ready.
start_phone() {
    local cols=$1 rows=$2
    shift 2
    local vars=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do vars+=("$1"); shift; done
    [ "${1:-}" = -- ] && shift
    rm -f "$work/status" "$work/before" "$work/after" "$sock"
    {
        # A trap, not an ignore: the phone gets Ctrl-C's SIGINT and Ctrl-\'s SIGQUIT as usual, the script survives them.
        echo "trap true INT QUIT"
        echo "stty -a > $work/before"
        printf 'env '; printf '%q ' "${vars[@]}" "$bin" --socket "$sock" --data-dir "$work/data" --no-audio "$@"; echo
        echo "echo \$? > $work/status"
        echo "stty -a > $work/after"
        echo "exec sleep 600"
    } > "$work/run.sh"
    if tmux_ has-session -t phone 2>/dev/null; then tmux_ kill-session -t phone; fi
    tmux_ new-session -d -s phone -x "$cols" -y "$rows" "sh $work/run.sh"
    "$bin" wait phone.ready --socket "$sock" --timeout 10 > /dev/null || fail "the phone did not start"
}

# Waits until the screen shows TEXT (a fixed string).
wait_for() {
    local text=$1
    for _ in $(seq 100); do
        screen | grep -qF -- "$text" && return 0
        sleep 0.1
    done
    fail "no \"$text\" on the screen"
}

# Waits until the screen no longer shows TEXT.
wait_gone() {
    local text=$1
    for _ in $(seq 100); do
        screen | grep -qF -- "$text" || return 0
        sleep 0.1
    done
    fail "\"$text\" is still on the screen"
}

keys() { tmux_ send-keys -t phone "$@"; }
# Types TEXT literally (no key names).
type_text() { tmux_ send-keys -t phone -l -- "$1"; }
remote() { "$bin" "$@" --socket "$sock" > /dev/null || fail "softphone $*"; }
size() { tmux_ resize-window -t phone -x "$1" -y "$2"; }

# Waits for the phone to exit with status WANT and checks `stty -a` is as it was before it started.
expect_exit() {
    local want=$1
    for _ in $(seq 100); do
        [ -s "$work/after" ] && break
        sleep 0.1
    done
    [ -s "$work/after" ] || fail "the phone did not exit"
    local status
    status=$(cat "$work/status")
    [ "$status" = "$want" ] || fail "exit status $status, wanted $want"
    diff "$work/before" "$work/after" || fail "stty -a after the phone differs from before it"
}
