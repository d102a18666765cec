#!/usr/bin/env bash
# Runs the libFuzzer targets (Tests/fuzz/README.md).
#
#   Tests/fuzz/run.sh check BIN_DIR          each target once over its corpus and regression inputs
#   Tests/fuzz/run.sh fuzz BIN_DIR SECONDS   each target fuzzed for SECONDS; a finding is saved to
#                                            Tests/fuzz/regressions/NAME/ and the run fails
#
# TARGETS (default: every one) chooses some, e.g. TARGETS="json scenario".
set -uo pipefail
mode=${1:?usage: run.sh check|fuzz BIN_DIR [SECONDS]}
bin=${2:?usage: run.sh check|fuzz BIN_DIR [SECONDS]}
seconds=${3:-60}
here=$(cd "$(dirname "$0")" && pwd)
targets=${TARGETS:-json control-request scenario vibrations ringtone apns-request http2-frames jwt storyboard image}
# Swift's runtime keeps caches that LeakSanitizer reports at exit; a leak per input would show as
# growing RSS, which -rss_limit_mb catches.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# Swift's own backtracer, run inside an AddressSanitizer process, reads the crashed stack and is
# reported as a stack-buffer-underflow of its own; libFuzzer's report of the trap says what crashed.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
failed=()
for name in $targets; do
  target=$bin/fuzz-$name
  [ -x "$target" ] || { echo "fuzz: $target is not built"; exit 2; }
  mkdir -p "$here/regressions/$name"
  case $mode in
    check)
      # -runs=0: every file of the folders is run once and nothing new is tried or written.
      if ! "$target" -runs=0 "$here/corpus/$name" "$here/regressions/$name" >"$bin/fuzz-$name.log" 2>&1; then
        echo "fuzz-$name: FAILED over its corpus and regressions (log: $bin/fuzz-$name.log)"
        tail -30 "$bin/fuzz-$name.log"
        failed+=("$name")
      else
        echo "fuzz-$name: $(grep -o 'Done [0-9]* runs' "$bin/fuzz-$name.log" | tail -1) over its corpus and regressions"
      fi
      ;;
    fuzz)
      # What the fuzzer finds grows in the build folder; the seeds in the repository stay as they are.
      work=$bin/fuzz-corpus/$name
      mkdir -p "$work"
      # A target's words, where it has a dictionary: mutations then reach past the first keyword.
      dictionary=()
      [ -f "$here/dictionaries/$name.dict" ] && dictionary=(-dict="$here/dictionaries/$name.dict")
      echo "== fuzz-$name for ${seconds}s"
      # -timeout: an input that takes 10 s is a hang; -rss_limit_mb: one that takes 2 GB is a finding.
      "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 "${dictionary[@]}" \
        -artifact_prefix="$here/regressions/$name/" "$work" "$here/corpus/$name" >"$bin/fuzz-$name.log" 2>&1
      status=$?
      grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::(number_of_executed_units|peak_rss_mb)|ERROR|SUMMARY|Test unit written|Fatal error' \
        "$bin/fuzz-$name.log" | cut -c1-300
      [ $status = 0 ] || failed+=("$name")
      ;;
    *) echo "usage: run.sh check|fuzz BIN_DIR [SECONDS]"; exit 2 ;;
  esac
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings or failures in: ${failed[*]} (inputs in Tests/fuzz/regressions/)"
  exit 1
fi
