#!/usr/bin/env bash
# Tests check-references.sh on small repositories of its own: it names every reference that
# leaves the repository, file and line, and passes the ones that stay inside.
set -euo pipefail
checker=$(cd "$(dirname "$0")" && pwd)/check-references.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() { if eval "$2"; then passed=$((passed + 1)); else echo "FAIL: $1"; failed=$((failed + 1)); fi; }

repo() {  # a git repository in $work/$1 holding the files that follow as NAME CONTENT pairs
  local dir=$work/$1; shift
  mkdir -p "$dir" && git -C "$dir" init -q
  while [ $# -gt 0 ]; do mkdir -p "$dir/$(dirname "$1")"; printf '%s\n' "$2" > "$dir/$1"; shift 2; done
  git -C "$dir" add -A
}

up=..  # spelled apart, so this file itself stays clean
design=DESIGN
repo clean "docs/a.md" "see [the readme]($up/README.md) and $up/docs/b.md" "README.md" "# x" \
  "Tests/expect/run.sh" "bin=\$here/$up/$up/.build/debug/x"
out=$("$checker" "$work/clean" 2>&1) && status=0 || status=$?
check "a repository whose paths stay inside passes" '[ "$status" = 0 ]'

repo dirty "docs/a.md" "line one
fine: [readme]($up/README.md)
bad: [elsewhere]($up/$up/elsewhere/notes.md)" \
  "src/main.swift" "// budgets: see $design.md" \
  "Makefile" "PACER := $up/shared/alsa/pacer.py"
out=$("$checker" "$work/dirty" 2>&1) && status=0 || status=$?
check "a repository with outside references fails" '[ "$status" = 1 ]'
check "the climbing path is named with its file and line" 'grep -q "^docs/a.md:3: the path $up/$up/elsewhere/notes.md leads outside" <<<"$out"'
check "the design document is named with its file and line" 'grep -q "^src/main.swift:1: refers to something outside" <<<"$out"'
check "the shared folder is named with its file and line" 'grep -q "^Makefile:1: refers to something outside" <<<"$out"'
check "a path that stays inside is not named" '! grep -q "^docs/a.md:2" <<<"$out"'
check "the count is said" 'grep -q "3 reference(s) outside the repository" <<<"$out"'

echo "check-references: $passed passed, $failed failed"
[ "$failed" = 0 ]
