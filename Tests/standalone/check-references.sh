#!/usr/bin/env bash
# Fails, naming each file and line, when a tracked file of the repository points at something a
# reader of the repository cannot open: a relative path that climbs out of it, a folder that
# happened to lie beside it on a developer's machine, or a design document that is not in it.
# Users have only the repository, so everything it needs and cites must be inside.
#
# usage: Tests/standalone/check-references.sh [REPOSITORY]   (default: the one this file is in)
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/../..}" && git rev-parse --show-toplevel)
cd "$root"
found=0
declare -A reported  # FILE:LINE already named: one report a line
report() {
  [ -z "${reported["$1:$2"]:-}" ] || return 0
  reported["$1:$2"]=1
  echo "$1:$2: $3"
  found=$((found + 1))
}

# Names that only ever meant something outside: a shared folder next to the checkout and a design
# document kept elsewhere (spelled with brackets so this file does not match itself).
while IFS=: read -r file line text; do
  report "$file" "$line" "refers to something outside the repository: ${text:0:120}"
done < <(git grep -I -n -E '[.][.]/shared\b|(^|[^A-Za-z0-9_])DESIGN[.]md' -- . || true)

# Relative paths that climb out of the repository from the folder of the file that names them.
while IFS=: read -r file line path; do
  resolved=$(realpath -m "$root/$(dirname "$file")/$path")
  case "$resolved/" in
    "$root"/*) ;;
    *) report "$file" "$line" "the path $path leads outside the repository (to $resolved)" ;;
  esac
done < <(git grep -I -n -o -E '([.][.]/)+[A-Za-z0-9_./-]*' -- . || true)

if [ "$found" -gt 0 ]; then
  echo "check-references: $found reference(s) outside the repository; a user has only the repository: put what is needed inside it, or say it in words" >&2
  exit 1
fi
echo "check-references: every tracked file stays inside the repository"
