# Shared by the expect scripts: where the phone is, a private socket and data folder per run,
# and a failure that says what was awaited.
set bin $env(SOFTPHONE_BIN)
set work $env(SOFTPHONE_WORK)
set socket "$work/control.sock"
set timeout 10
log_user 1

proc fail {what} {
    puts "\nFAILED: $what"
    exit 1
}

# Runs a remote-side CLI command (softphone call, hangup, ...) against this run's phone.
proc remote {args} {
    global bin socket
    if {[catch {exec $bin {*}$args --socket $socket} out]} { fail "softphone $args: $out" }
    return $out
}

# Waits for the phone's process to end and checks its exit status.
proc expect_exit {spawn_id_ want} {
    expect -i $spawn_id_ eof {} timeout { fail "the phone did not exit" }
    set status [lindex [wait -i $spawn_id_] 3]
    if {$status != $want} { fail "exit status $status, wanted $want" }
}
