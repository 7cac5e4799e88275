#!/usr/bin/env bash
# tests/gdl/corpus.sh CLI DIR [SECONDS]: every rule sheet of a GDL corpus
# through `CLI solve gdl SHEET --json` with a time limit a sheet, two sheets
# at a time, and what became of each, one line a sheet as they end, then a
# count per class. The limit is of CPU time (ulimit -t), so that a loaded
# machine gives the same classes; ten times it and a minute more of the
# clock's is a backstop. The classes:
#
#   solved         exit 0, the answer
#   refused        exit 2, the message (three roles, unsafe rules, ...)
#   out of budget  exit 3, the message (a search's or a table's limit)
#   out of memory  exit 1, the message
#   still working  the time limit passed first
#   crashed        a signal, or a sanitizer's report (its first line)
#
# DIR holds one directory a game with its rules in a .kif file at its top
# (the GGP repository's war/root/games); every such file is a sheet. CLI is
# meant to be built with ASan and UBSan (./build.sh gdl-corpus DIR builds
# build/perfect-play-asan and runs this), so that a bad read is a crash
# here even where a plain build survives it. SECONDS defaults to 10.
# The corpus is fetched, never part of the repository (it has no licence),
# and this is no test layer of ./build.sh test. Exits 1 if a sheet crashed.
# shellcheck disable=SC2317,SC2016 # one() runs through xargs, its arguments as $0 and $1
set -uo pipefail

cli=${1:?usage: corpus.sh CLI DIR [SECONDS]}
dir=${2:?usage: corpus.sh CLI DIR [SECONDS]}
secs=${3:-10}
case "$secs" in '' | *[!0-9]*) echo "corpus.sh: SECONDS must be a whole number" >&2; exit 2 ;; esac
[ -x "$cli" ] || { echo "corpus.sh: no CLI at $cli" >&2; exit 2; }
[ -d "$dir" ] || { echo "corpus.sh: no directory $dir" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# A sanitizer's report exits 86 (never one of the CLI's own statuses).
export ASAN_OPTIONS=${ASAN_OPTIONS:-exitcode=86:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-exitcode=86:print_stacktrace=1:halt_on_error=1}

# One sheet: its class and detail into $out/N, and the line printed.
one() {
    local n=$1 sheet=$2 name rc class detail
    name=${sheet#"$dir"/}
    # (the shell's own "CPU time limit exceeded" goes to /dev/null)
    { (ulimit -S -t "$secs" && exec timeout -k 5 $((10 * secs + 60)) "$cli" solve gdl "$sheet" --json) \
        >"$out/$n.out" 2>"$out/$n.err"; } 2>/dev/null
    rc=$?
    local report
    report=$(grep -m1 -E 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$out/$n.err")
    if [ -n "$report" ] || [ "$rc" -eq 86 ]; then
        class=crashed detail=${report:-sanitizer exit}
    elif [ "$rc" -eq 152 ]; then # SIGXCPU: the CPU limit
        class="still working" detail="no answer in ${secs} s of CPU"
    elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        class="still working" detail="no answer in $((10 * secs + 60)) s of the clock"
    elif [ "$rc" -gt 128 ]; then
        class=crashed detail="signal $((rc - 128)) ($(kill -l $((rc - 128)) 2>/dev/null || echo '?'))"
    elif [ "$rc" -eq 0 ]; then
        class=solved
        detail=$(grep -o -m1 '"answer":"[^"]*"' "$out/$n.out" | sed 's/^"answer":"//; s/"$//')
        [ -n "$detail" ] || detail="(no answer in the JSON)"
    else
        case "$rc" in 1) class="out of memory" ;; 2) class=refused ;; 3) class="out of budget" ;; *) class="exit $rc" ;; esac
        detail=$(head -n 1 "$out/$n.err" | sed 's/^perfect-play: //')
    fi
    printf '%s\t%s\t%s\n' "$class" "$name" "$detail" >"$out/$n.res"
    printf '%-14s %-48s %s\n' "$class" "$name" "$detail"
}
export -f one
export cli dir secs out

find -L "$dir" -mindepth 2 -maxdepth 2 -name '*.kif' | LC_ALL=C sort | awk '{ print NR "\t" $0 }' >"$out/list"
total=$(wc -l <"$out/list")
[ "$total" -gt 0 ] || { echo "corpus.sh: no DIR/GAME/*.kif under $dir" >&2; exit 2; }
echo "corpus: $total sheets under $dir, ${secs} s of CPU each, two at a time, through $cli"
tr '\t' '\n' <"$out/list" | xargs -d '\n' -n 2 -P 2 bash -c 'one "$0" "$1"'

echo
echo "Classes ($total sheets, ${secs} s of CPU each):"
cat "$out"/*.res | cut -f1 | LC_ALL=C sort | uniq -c | sort -rn | sed 's/^/  /'
if cut -f1 "$out"/*.res | grep -qx crashed; then
    echo "Crashed:"
    grep -h '^crashed' "$out"/*.res | cut -f2,3 | sed 's/^/  /'
    exit 1
fi
exit 0
