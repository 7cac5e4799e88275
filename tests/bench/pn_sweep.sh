#!/usr/bin/env bash
# pn_sweep.sh: every Can I Win input LeetCode allows (maxChoosableInteger
# 1..20, desiredTotal 0..300) solved by `--algo ALGO` with the default
# options, each answer checked against the DP's; one line an input
# (M T answer user-seconds max-RSS-KB exit), then the worst time and memory.
# Usage: tests/bench/pn_sweep.sh ALGO [M_FIRST [M_LAST [T_FIRST [T_LAST]]]]   (after ./build.sh build;
# T_FIRST: where M_FIRST's totals start, T_LAST where M_LAST's end: to go on
# with a sweep stopped part way, or to split one over several processes)
set -u
algo=$1 first=${2:-1} last=${3:-20} tfirst=${4:-0} tlast=${5:-300}
cli=${PP_CLI:-build/perfect-play}
tmp=$(mktemp)
worst_t=0 worst_m=0 worst_ti="" worst_mi="" bad=0
for ((m = first; m <= last; m++)); do
    for ((t = m == first ? tfirst : 0; t <= (m == last ? tlast : 300); t++)); do
        input="maxChoosableInteger = $m, desiredTotal = $t"
        want=$($cli solve can-i-win "$input")
        ans=$(/usr/bin/time -o "$tmp" -f '%U %M' $cli solve can-i-win "$input" --algo "$algo" 2>/dev/null)
        ex=$?
        read -r u kb < <(tail -1 "$tmp")
        echo "$m $t $ans $u $kb $ex"
        [ "$ans" = "$want" ] && [ "$ex" = 0 ] || { bad=$((bad + 1)); echo "WRONG: $input: $algo says '$ans' (exit $ex), dp '$want'"; }
        if awk "BEGIN{exit !($u > $worst_t)}"; then worst_t=$u worst_ti=$input; fi
        if [ "$kb" -gt "$worst_m" ]; then worst_m=$kb worst_mi=$input; fi
    done
done
echo "$algo: worst time ${worst_t} s user ($worst_ti), worst memory $((worst_m / 1024)) MB max RSS ($worst_mi), $bad wrong or unanswered"
