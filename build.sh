#!/usr/bin/env bash
# build.sh: the one entry point. Every command first installs what is missing.
# `./build.sh help` lists the commands: the COMMANDS table at the end, which
# the dispatch reads too, so the list is always what runs.
#
# The source lists ($LIB_SRC, $CLI_SRC, $C_INC...) are split into words on
# purpose wherever they are used:
# shellcheck disable=SC2086
set -euo pipefail
cd "$(dirname "$0")"

# Debian's emcc needs this for -O2/-O3 (acorn); see shared TOOLCHAIN notes.
export NODE_PATH=/usr/share/nodejs
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# c/ by role: core/ (errors, input, trace), solvers/ (retrograde, DFS, alpha-beta),
# dp/, games/, chess/, connect4/, cli/ (the CLI), wasm/ (the WASM exports); the
# public header and the library's internal one at c/'s root. The library is
# every c/**/*.c but the CLI's and the WASM exports.
LIB_SRC=$(find c -name '*.c' -not -path 'c/cli/*' -not -path 'c/wasm/*' | sort | tr '\n' ' ')
WASM_API_SRC=$(ls c/wasm/*.c | tr '\n' ' ')
CLI_SRC=$(ls c/cli/*.c | tr '\n' ' ')
C_INC=$(find c -type d | sort | sed 's/^/-I/' | tr '\n' ' ')
# -ftrivial-auto-var-init=pattern: a local read before it is written holds
# 0xFE bytes, the same on every run, so such a bug fails its test every time
# instead of once in a while on another machine's stack (measured: no cost
# on Connect Four, df-pn or the DP solvers).
CFLAGS_NATIVE="-std=c11 -O2 -g -ftrivial-auto-var-init=pattern -Wall -Wextra -Wpedantic -Wshadow $C_INC"
WASM_OUT=web/src/engine/wasm
# The WASM exports are the EMSCRIPTEN_KEEPALIVE functions of c/wasm/*.c (ppw_*);
# only the allocator is listed here.
WASM_EXPORTS=_malloc,_free

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'build.sh: %s\n' "$*" >&2; exit 1; }

# The library and SOURCES/FLAGS... built natively into OUT, with the flags
# every native build shares: cc_native OUT SOURCES/FLAGS...
# The MCTS engine is compiled on its own at -O3 (as every source is for
# WASM): with gcc 12 its iterations are 6% to 8% faster than at -O2, the
# same statistics bit for bit; the rest of the library stays at -O2, where
# its figures in docs/performance.md were measured.
MCTS_SRC=c/solvers/mcts.c
cc_native() {
    local out=$1 o3
    shift
    mkdir -p build/o3
    o3=build/o3/$(basename "$out").o
    # shellcheck disable=SC2086
    gcc $CFLAGS_NATIVE -O3 -c $MCTS_SRC -o "$o3"
    # shellcheck disable=SC2086
    gcc $CFLAGS_NATIVE ${LIB_SRC/$MCTS_SRC /} "$o3" "$@" -o "$out"
}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Installs Debian packages whose command is missing: pairs of "command package".
apt_need() {
    local missing=()
    while [ $# -ge 2 ]; do
        command -v "$1" >/dev/null 2>&1 || missing+=("$2")
        shift 2
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "installing ${missing[*]} (apt-get)"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

setup() {
    apt_need emcc emscripten chromium chromium chromium-headless-shell chromium-headless-shell gcc gcc node nodejs clang-format clang-format
    # npm ci only when the lock file changed since the last install.
    if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
        say "npm ci"
        npm ci --no-audit --no-fund --loglevel=error
    fi
}

build_native() {
    mkdir -p build
    say "native: build/perfect-play"
    cc_native build/perfect-play $CLI_SRC
}

# The WASM modules, from one compile of each source: pp holds every solver
# (the Node tests and benchmarks); the page's worker loads one module per
# family on its first request, so a view fetches only its own solvers:
#   pp-cm (Cat and Mouse 913, 1728), pp-tree (the game trees), pp-c4 (Connect
#   Four: its solver and book, and the game trees' searches on its bitboards),
#   pp-dp (the DP games), pp-chess (the chess endgame tables), pp-gdl (games in
#   the Game Description Language).
# The linker keeps only what a module's exports reach.
WASM_FAMILIES=("pp-cm:wasm_api wasm_retro wasm_catmouse wasm_catmouse2" "pp-tree:wasm_api wasm_search wasm_tree wasm_mcts wasm_versus"
    "pp-c4:wasm_api wasm_search wasm_tree wasm_mcts wasm_connect4" "pp-dp:wasm_api wasm_dp"
    "pp-chess:wasm_api wasm_chess" "pp-gdl:wasm_api wasm_gdl wasm_gdl_value wasm_search wasm_gdl_tree wasm_mcts wasm_versus")
WASM_OBJ=build/wasm-obj

# 4 GiB, all a wasm32 memory may hold (the bindings read addresses unsigned);
# dlmalloc, since Emscripten 3.1.6's emmalloc hands out a block that wraps
# past 4 GiB instead of NULL (tests/js/wasm-4gib.test.mjs).
wasm_link() { # wasm_link NAME OBJECTS...
    local name=$1
    shift
    emcc -O3 "$@" -o "$WASM_OUT/$name.mjs" \
        -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createPP -sENVIRONMENT=web,worker \
        -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4gb -sWASM_BIGINT=1 -sMALLOC=dlmalloc \
        -sEXPORTED_FUNCTIONS="$WASM_EXPORTS" -sEXPORTED_RUNTIME_METHODS=HEAPU8,HEAP32,HEAPU32
}

build_wasm() {
    mkdir -p "$WASM_OUT" "$WASM_OBJ"
    say "wasm: $WASM_OUT/pp.mjs + pp.wasm, and per family pp-cm, pp-tree, pp-c4, pp-dp, pp-chess, pp-gdl"
    rm -f "$WASM_OBJ"/*.o
    # The first source alone: on a fresh machine emcc sets up its sysroot on
    # its first run; then the rest two at a time.
    local srcs
    read -r -a srcs <<<"$LIB_SRC $WASM_API_SRC"
    # The MCTS engine with WebAssembly's SIMD (-msimd128: its scores two at a
    # time, f64x2, as natively in SSE2; every browser the page supports has it).
    emcc -O3 $C_INC -c "${srcs[0]}" -o "$WASM_OBJ/$(basename "${srcs[0]}" .c).o"
    printf '%s\n' "${srcs[@]:1}" |
        xargs -P 2 -I{} sh -c 'simd=; [ "$1" = "$4" ] && simd=-msimd128; emcc -O3 $simd $3 -c "$1" -o "$2/$(basename "$1" .c).o"' \
            _ {} "$WASM_OBJ" "$C_INC" "$MCTS_SRC"
    local lib=() f
    for f in $LIB_SRC; do lib+=("$WASM_OBJ/$(basename "$f" .c).o"); done
    wasm_link pp "${lib[@]}" "$WASM_OBJ"/wasm_*.o
    local family name objs
    for family in "${WASM_FAMILIES[@]}"; do
        name=${family%%:*}
        objs=()
        for f in ${family#*:}; do objs+=("$WASM_OBJ/$f.o"); done
        wasm_link "$name" "${lib[@]}" "${objs[@]}" &
    done
    local k
    for k in "${WASM_FAMILIES[@]}"; do wait -n || die "wasm: a module failed to link"; done
}

build_web() {
    say "web: dist/ (vite build)"
    npx vite build --logLevel warn
}

build_all() {
    setup
    build_native
    build_wasm
    build_web
}

# Prints "passed failed" from a layer's closing lines.
count_c() { grep -Eo '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -1 | awk '{print $1, $3}'; }
count_tap() {
    local p f
    p=$(grep -Eo '^# pass [0-9]+' "$1" | awk '{print $3}' | tail -1)
    f=$(grep -Eo '^# fail [0-9]+' "$1" | awk '{print $3}' | tail -1)
    echo "${p:-0} ${f:-1}"
}

# A test layer's result, kept in build/layers/ for the closing summary (the
# layers run in lanes, subshells that cannot add to the caller's variables):
# layer_done ORDER NAME "passed failed" START (START: $SECONDS when it began).
layer_done() {
    printf '%s\t%s\t%s\t%d\n' "$2" "${3% *}" "${3#* }" $((SECONDS - $4)) >"build/layers/$1"
}

test_c_plain() {
    local t0=$SECONDS
    say "C tests (plain)"
    cc_native build/test_c tests/c/*.c
    # PP_CHESS_TABLES=1: the 4-piece chess tables too (natively only: slow under the sanitizers and in WASM)
    PP_CHESS_TABLES=1 ./build/test_c | tee build/test_c.log || true
    layer_done 1 "C (gcc -O2)" "$(count_c build/test_c.log || echo '0 1')" $t0
}

test_gaviota() {
    local t0=$SECONDS
    say "C: every 3-piece chess position against Gaviota's DTM tables (Debian gaviotatb, libgaviotatb-dev: MIT)"
    cc_native build/compare_gaviota tests/gaviota/compare_gaviota.c -lgaviotatb -lpthread -lm
    ./build/compare_gaviota | tee build/compare_gaviota.log || true
    layer_done 2 "C chess vs Gaviota" "$(count_c build/compare_gaviota.log || echo '0 1')" $t0
}

test_c_asan() {
    local t0=$SECONDS
    say "C tests (address + undefined sanitizers)"
    # shellcheck disable=SC2086
    # PPD_POISON: the DP tables left unzeroed start as garbage here, so a read before a write shows.
    gcc -std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        -ftrivial-auto-var-init=pattern -DPPD_POISON $C_INC $LIB_SRC tests/c/*.c -o build/test_c_asan
    ./build/test_c_asan >build/test_c_asan.log 2>&1 || true
    tail -n 3 build/test_c_asan.log
    layer_done 3 "C (ASan+UBSan)" "$(count_c build/test_c_asan.log || echo '0 1')" $t0
}

test_fuzz_replay() {
    local t0=$SECONDS
    say "Fuzz corpora replayed (tests/fuzz/corpus-NAME through fuzz_NAME.c; gcc, ASan+UBSan, no libFuzzer)"
    fuzz_replay | tee build/fuzz_replay.log
    layer_done 4 "Fuzz corpora (ASan+UBSan)" "$(count_c build/fuzz_replay.log || echo '0 1')" $t0
}

test_c_wasm() {
    local t0=$SECONDS
    say "C tests (WebAssembly in Node)"
    # shellcheck disable=SC2086
    emcc -O2 $C_INC $LIB_SRC tests/c/*.c -o build/test_c.cjs -sSINGLE_FILE=1 -sNODERAWFS=1 \
        -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2gb -sEXIT_RUNTIME=1
    node build/test_c.cjs >build/test_c_wasm.log 2>&1 || true
    tail -n 3 build/test_c_wasm.log
    layer_done 5 "C (WASM, Node)" "$(count_c build/test_c_wasm.log || echo '0 1')" $t0
}

test_js() {
    local t0=$SECONDS
    say "JS tests (node --test: WASM binding, CLI contract)"
    node --test --test-reporter=spec --test-reporter-destination=stdout \
        --test-reporter=tap --test-reporter-destination=build/js.tap tests/js/ tests/cli/ || true
    layer_done 6 "JS (node --test)" "$(count_tap build/js.tap)" $t0
}

test_browser() {
    local t0=$SECONDS e2e
    say "Browser tests (Playwright, Debian Chromium)"
    rm -f test-results/e2e.json
    npx playwright test || true
    e2e=$(node -e '
        const fs = require("fs");
        try {
            const s = JSON.parse(fs.readFileSync("test-results/e2e.json", "utf8")).stats;
            const failed = s.unexpected + s.flaky + s.skipped;
            console.log(`${s.expected} ${failed + (s.expected + failed === 0 ? 1 : 0)}`);
        } catch (e) { console.log("0 1"); }')
    layer_done 7 "Browser (Playwright)" "$e2e" $t0
}

run_tests() {
    build_all
    mkdir -p build/layers test-results
    rm -f build/layers/*
    if [ ! -f /usr/include/gtb-probe.h ] || [ ! -d /usr/share/gaviotatb/gtb4 ]; then
        say "installing libgaviotatb-dev gaviotatb (apt-get; for the Gaviota layer only)"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgaviotatb-dev gaviotatb >/dev/null
    fi
    local t0=$SECONDS
    # The layers before the browser's are one process each, none timed, so
    # they run in two lanes at once, one a core. A lane's output goes to its
    # log, printed whole when both lanes have ended.
    say "C, fuzz and JS layers in two lanes (output below when both end)"
    { test_c_plain; test_gaviota; test_fuzz_replay; } >build/lane1.log 2>&1 &
    local lane1=$!
    { test_c_asan; test_c_wasm; test_js; } >build/lane2.log 2>&1 &
    local lane2=$!
    wait $lane1 || true
    wait $lane2 || true
    cat build/lane1.log build/lane2.log
    local lanes=$((SECONDS - t0))
    # The browser's tests alone: two workers, one a core.
    test_browser

    # Each layer's line says its wall time (its compile included), so the
    # suite's cost shows in every run.
    local total_pass=0 total_fail=0 name p f secs k
    printf '\nTest layers (wall time; the first six ran in two lanes, %d s together):\n' "$lanes"
    for k in 1 2 3 4 5 6 7; do
        if [ -f "build/layers/$k" ]; then
            IFS=$'\t' read -r name p f secs <"build/layers/$k"
        else
            name="layer $k (no result: it did not end)" p=0 f=1 secs=0
        fi
        printf '  %-28s %5d passed, %d failed  (%d s)\n' "$name" "$p" "$f" "$secs"
        total_pass=$((total_pass + p))
        total_fail=$((total_fail + f))
    done
    printf '%d passed, %d failed\n' "$total_pass" "$total_fail"
    [ "$total_fail" -eq 0 ]
}

serve() {
    local port=8080
    while [ $# -gt 0 ]; do
        case "$1" in
        --port) port=${2:?--port needs a number}; shift 2 ;;
        --port=*) port=${1#--port=}; shift ;;
        *) die "serve: unknown option $1" ;;
        esac
    done
    case "$port" in '' | *[!0-9]*) die "serve: --port must be a number" ;; esac
    build_all
    say "Perfect Play at http://localhost:$port/  (Ctrl-C stops it)"
    exec npx vite preview --port "$port" --strictPort --host 127.0.0.1
}

# The files a page needs to embed the player from its own host, copied from
# dist/ (built first if missing) into DIR with the licence: the element
# (perfect-play.js), the iframe's height helper (embed-host.js), the player
# (embed.html), and every file of dist/ that those load or link to, followed
# name by name (a file name in quotes, or after a '/', in their code):
# scripts, styles, the worker, the WASM modules, Connect Four's book, and
# the app's index.html with its script, where the player's "open in the app"
# link and the element's fallback link lead (about 2 kB more: the app's
# views are the player's). Not the authors' guide or the sample tutorial,
# which the player only names in comments.
embed() {
    local dir=${1:-}
    if [ $# -ne 1 ] || [ -z "$dir" ]; then die "embed: usage: ./build.sh embed DIR"; fi
    if [ ! -f dist/embed.html ] || [ ! -f dist/perfect-play.js ]; then build_all; fi
    local -A path_of=() have=()
    local f name
    while IFS= read -r f; do path_of[${f##*/}]=$f; done < <(cd dist && find . -type f | sed 's|^\./||')
    local todo=(perfect-play.js embed-host.js embed.html)
    while [ ${#todo[@]} -gt 0 ]; do
        f=${todo[0]}
        todo=("${todo[@]:1}")
        [ -z "${have[$f]:-}" ] || continue
        have[$f]=1
        case "$f" in *.html | *.js | *.mjs | *.css) ;; *) continue ;; esac
        while IFS= read -r name; do
            name=${name:1:-1}
            if [ -n "${path_of[$name]:-}" ]; then todo+=("${path_of[$name]}"); fi
        done < <(grep -oE "[\"'\`/][A-Za-z0-9._-]+\.[a-z0-9]+[\"'\`)?#\$]" "dist/$f" | sort -u)
    done
    mkdir -p "$dir"
    for f in "${!have[@]}"; do
        mkdir -p "$dir/$(dirname "$f")"
        cp "dist/$f" "$dir/$f"
    done
    cp LICENSE "$dir/LICENSE"
    say "embed: ${#have[@]} files of dist/ and LICENSE in $dir; serve them, then paste:"
    printf '  <script type="module" src="https://YOUR-HOST/PATH/perfect-play.js"></script>\n'
    printf '  <perfect-play game="tree" input="[[3,12,8],[2,4,6],[14,5,2]]" step="9"></perfect-play>\n'
}

bench() {
    setup
    build_wasm
    mkdir -p build
    say "bench: native"
    cc_native build/bench_native tests/bench/bench_native.c
    ./build/bench_native | tee build/bench_native.json.txt
    say "bench: WASM in Node"
    node tests/bench/bench_wasm.mjs build/bench_native.json.txt
    say "bench: game trees, native (minimax, alpha-beta, 4x4 tic-tac-toe)"
    cc_native build/bench_tree tests/bench/bench_tree.c
    ./build/bench_tree | tee build/bench_tree.txt
    say "bench: proof-number search (df-pn, PN, PN²) beside alpha-beta with a table: 4x4 tic-tac-toe, small Connect Four boards"
    cc_native build/bench_pn tests/bench/bench_pn.c
    ./build/bench_pn | tee build/bench_pn.txt
    say "bench: Monte Carlo tree search, native (iterations a second, random and decisive playouts)"
    cc_native build/bench_mcts tests/bench/bench_mcts.c
    ./build/bench_mcts | tee build/bench_mcts.txt
    say "bench: Monte Carlo tree search in the page (WASM in Chromium) beside the native CLI, same positions"
    node tests/bench/bench_mcts_page.mjs | tee build/bench_mcts_page.txt
    say "bench: Connect Four's Monte Carlo tree search in the page beside the native CLI (bitboard playouts)"
    node tests/bench/bench_c4_mcts_page.mjs | tee build/bench_c4_mcts_page.txt
    say "bench: Connect Four's Monte Carlo tree search, the page's WASM export in Node beside the native CLI"
    node tests/bench/bench_mcts_c4_wasm.mjs | tee build/bench_mcts_c4_wasm.txt
    say "bench: exact matrix games, native (games a second: a saddle point, the simplex in integers, support enumeration)"
    cc_native build/bench_mgame tests/bench/bench_mgame.c
    ./build/bench_mgame | tee build/bench_mgame.txt
    say "bench: game trees, WASM in Node (against the native figures above)"
    node --expose-gc tests/bench/bench_tree_wasm.mjs build/bench_tree.txt
    say "bench: judge formats through the native CLI (P4363 10 x 10, POJ 1085, UVa 10111, P4576 20 x 20)"
    node tests/bench/bench_judges.mjs
    say "bench: Cat and Mouse II (LeetCode 1728), native, 8 x 8 grids"
    cc_native build/bench_cm2 tests/bench/bench_cm2.c
    ./build/bench_cm2 tests/bench/boards_cm2.txt | tee build/bench_cm2.txt
    say "bench: Cat and Mouse II, WASM in Node (against the native figures above)"
    node tests/bench/bench_cm2_wasm.mjs build/bench_cm2.txt
    say "bench: DP games, native"
    cc_native build/bench_dp tests/bench/bench_dp.c
    ./build/bench_dp | tee build/bench_dp.txt
    say "bench: DP games, WASM in Node (against the native figures above)"
    node --expose-gc tests/bench/bench_dp_wasm.mjs build/bench_dp.txt
    say "bench: Connect Four stages, native, begin/middle/end positions"
    # Connect Four: the stages on begin/middle/end positions, then
    # the strongest stage natively and in WASM (Node) on the same positions;
    # C4_EMPTY=1 adds the empty 7 x 6 board (minutes of CPU, 512 MB)
    cc_native build/bench_connect4 tests/bench/bench_connect4.c
    # shellcheck disable=SC2086
    emcc -O3 $C_INC $LIB_SRC tests/bench/bench_connect4.c -o build/bench_connect4.cjs -sNODERAWFS=1 -sSINGLE_FILE=1 \
        -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=1gb -sEXIT_RUNTIME=1 -sWASM_BIGINT=1
    cc_native build/perfect-play $CLI_SRC
    node tests/bench/bench_connect4.mjs | tee build/bench_connect4.txt
    # The strongest stage on tests/bench/c4_open60.txt (60 positions of 6-11
    # stones): CPU time and positions explored a second; PP_C4_PEERS="--c4 DIR
    # --pons DIR" times Steininger's c4 and Pons' solver beside it (AGPL
    # checkouts, built under build/peers only when given).
    # shellcheck disable=SC2086
    node tests/bench/c4_peers.mjs --quiet ${PP_C4_PEERS:-}
    say "bench: Connect Four, WASM in Chromium and Node vs native, same positions; the empty 6x5 board in the page"
    node tests/bench/bench_connect4_browser.mjs | tee build/bench_connect4_browser.txt
    say "bench: game trees and DP in WASM in Chromium, the page's browser (against the native figures above)"
    node tests/bench/bench_wasm_browser.mjs build/bench_tree.txt build/bench_dp.txt
    say "bench: the page in Chromium (solve, then the player at 100,000 events/s)"
    build_web
    node tests/bench/bench_page.mjs
    node tests/bench/bench_player.mjs
    say "bench: the GDL tab (tic-tac-toe, keystroke to answer) and the state graph's redraw (GDL and Cat and Mouse)"
    node tests/bench/bench_gdl_page.mjs | tee build/bench_gdl_page.txt
    say "bench: the state graph's points, synthetic layered graphs of 10^4 to 10^6 states (WebGL in software, and the canvas)"
    node tests/bench/bench_state_graph.mjs | tee build/bench_state_graph.txt
    say "bench: Connect Four played from the empty 7x6 board in the page (the opening book, then searches): slowest reply and score display"
    node tests/bench/bench_connect4_play.mjs | tee build/bench_connect4_play.txt
    say "bench: embeds (bytes fetched, time to first frame, link lengths)"
    node tests/bench/bench_embed.mjs
    say "bench: chess endgame tables, native (KQKR with conversions; every 3- and 4-piece table)"
    cc_native build/bench_chess tests/bench/bench_chess.c
    ./build/bench_chess | tee build/bench_chess.txt
    say "bench: chess tables built in Chromium (first build after the page opens) beside the native CLI"
    node tests/bench/bench_chess_page.mjs | tee build/bench_chess_page.txt
    say "bench: chess tables drawn as state graphs in Chromium (KRK, KQKR: every position a point)"
    node tests/bench/bench_chess_graph.mjs | tee build/bench_chess_graph.txt
    bench_chess_five
    bench_retro
    bench_page_retro
    bench_gdl
    bench_gdl_search
}

# Games in the Game Description Language: grounding, enumerating and solving
# each example natively and in WASM (Node), and GDL tic-tac-toe against the
# hand-coded one through the same alpha-beta.
bench_gdl() {
    say "bench: games in GDL, native (states a second; GDL tic-tac-toe against the hand-coded one)"
    cc_native build/bench_gdl tests/bench/bench_gdl.c
    ./build/bench_gdl | tee build/bench_gdl.txt
    say "bench: games in GDL, WASM in Node (against the native figures above)"
    node tests/bench/bench_gdl.mjs build/bench_gdl.txt
    say "bench: big GDL games (Dots and Boxes 2x3, connect-3 5x5, Breakthrough 4x4) in the page and in Node beside the native CLI"
    [ -x build/perfect-play ] || build_native
    [ -d dist ] || build_web
    node tests/bench/bench_gdl_big.mjs | tee build/bench_gdl_big.txt
    say "bench: the page's search in steps (WASM in Node) beside the CLI's search in one call"
    node tests/bench/bench_gdl_page_search.mjs | tee build/bench_gdl_page_search.txt
    say "bench: security values' linear programs a second, natively, in Node and in the page"
    node tests/bench/bench_gdl_values.mjs | tee build/bench_gdl_values.txt
}

# The gdl2qbf paper's games (tests/gdl/gdl2qbf) solved from their rules by
# the CLI, auto against search only, and Connect Four in GDL beside the
# dedicated solver; one process at a time, CPU seconds. Minutes: each run is
# capped by PP_BENCH_GDL_TIMEOUT (600 s); PP_BENCH_GDL_ONLY picks games;
# PP_BENCH_C4_PAIRS=N repeats each Connect Four pair and prints the median.
bench_gdl_search() {
    say "bench: the gdl2qbf games and Connect Four in GDL, searched or enumerated (CLI, one core)"
    cc_native build/perfect-play $CLI_SRC
    node tests/bench/bench_gdl_search.mjs | tee build/bench_gdl_search.txt
}

# A five-piece chess table natively (1.3 GB, about a minute of
# CPU each), only when asked: PP_BENCH_FIVE=1 builds KRBKR, PP_BENCH_FIVE=all
# KRBKR, KBNKN and KBBKN (the last on the generic path: much slower).
bench_chess_five() {
    local tables
    case "${PP_BENCH_FIVE:-}" in
    1) tables="KRBKR" ;;
    all) tables="KRBKR KBNKN KBBKN" ;;
    *) return 0 ;;
    esac
    say "bench: five-piece chess tables, native ($tables; one process each)"
    cc_native build/bench_chess_five tests/bench/bench_chess_five.c
    local t
    for t in $tables; do ./build/bench_chess_five "$t"; done | tee build/bench_chess_five.txt
}

# The page: Cat and Mouse's first solve after the page opens vs the
# warm ones, in Chromium, against the native engine on the same graphs, and
# the page's largest graphs (random, degree 4) from click to answer.
bench_page_retro() {
    if [ ! -f build/bench-retro/random1000.json ]; then
        echo "  no benchmark graphs (../shared/baseline/gen_graph.py not found): the page's retrograde bench is skipped"
        return 0
    fi
    say "bench: Cat and Mouse in the page (Chromium): first solve vs warm, WASM vs native, the largest graphs"
    node tests/bench/bench_page_retro.mjs build/bench-retro/random1000.json build/bench-retro/complete200.json
}

# The retrograde engine beside a flat Cat and Mouse kernel, and the
# whole CLI beside the seed's C++ (built from ../shared/baseline/ when there).
bench_retro() {
    say "bench: retrograde engine vs a flat Cat and Mouse kernel; CLI vs the seed's C++"
    mkdir -p build/bench-retro
    local gen=../shared/baseline/gen_graph.py
    if [ ! -f "$gen" ]; then
        echo "  ../shared/baseline/gen_graph.py not found: the retrograde benchmark is skipped"
        return 0
    fi
    python3 "$gen" 200 1.0 1 json --guarded >build/bench-retro/complete200.json
    python3 "$gen" 200 1.0 1 lines --guarded >build/bench-retro/complete200.txt
    python3 "$gen" 1000 0.008 1 json --guarded >build/bench-retro/random1000.json
    python3 "$gen" 1000 0.008 1 lines --guarded >build/bench-retro/random1000.txt
    cc_native build/bench_retro tests/bench/bench_retro.c
    cc_native build/perfect-play $CLI_SRC
    ./build/bench_retro build/bench-retro/complete200.json
    ./build/bench_retro build/bench-retro/random1000.json
    python3 tests/bench/bench_retro_cli.py build/bench-retro
    bench_retro_wasm
}

# Warm WASM vs native: the flat kernel and the engine as WASM (the
# page's link flags) in Node and Chromium beside the same C natively (gcc,
# with and without huge pages; clang, emcc's compiler, on 4 KiB pages as
# V8's memory is): the flat kernel's ratio is what WASM costs this loop.
bench_retro_wasm() {
    [ -f build/bench-retro/random1000.json ] || return 0
    say "bench: retrograde kernels warm, WASM (Node, Chromium) vs native, CPU time"
    cc_native build/bench_retro tests/bench/bench_retro.c
    # shellcheck disable=SC2086
    cc_native build/bench_retro_4k -DPP_NO_HUGEPAGES tests/bench/bench_retro.c
    if command -v clang >/dev/null; then
        # shellcheck disable=SC2086
        clang -std=c11 -O3 -DPP_NO_HUGEPAGES $C_INC $LIB_SRC tests/bench/bench_retro.c -o build/bench_retro_clang4k
    fi
    mkdir -p build/bench-retro-wasm
    # shellcheck disable=SC2086
    emcc -O3 $C_INC $LIB_SRC tests/bench/bench_retro_wasm.c -o build/bench-retro-wasm/page.cjs \
        -sSINGLE_FILE=1 -sMODULARIZE=1 -sEXPORT_NAME=createBench -sENVIRONMENT=web,node \
        -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2gb -sWASM_BIGINT=1 -sMALLOC=emmalloc \
        -sEXPORTED_FUNCTIONS=_malloc,_free -sEXPORTED_RUNTIME_METHODS=stringToUTF8,lengthBytesUTF8
    node tests/bench/bench_retro_wasm.mjs build/bench-retro/complete200.json build/bench-retro/random1000.json \
        -- "emcc -O3 (the page's flags)=build/bench-retro-wasm/page.cjs"
}

# Connect Four's opening book (c/connect4/connect4_book.c), the page's
# web/src/engine/connect4-7x6.book: built by the native CLI level by level,
# the book there kept as the start (its entries are not searched again) and
# rewritten after each level and every minute, so a stopped build loses at
# most a minute. PP_C4_TABLE_BITS sets each solver's table (default here 26:
# 256 MB; the first levels' searches are as long as the empty board's);
# PP_BOOK_JOBS the threads, a solver each (default: every core).
book() {
    local depth=${1:-10} out=web/src/engine/connect4-7x6.book
    case "$depth" in '' | *[!0-9]*) die "book: depth must be a number of stones" ;; esac
    build_native
    local from=()
    [ -f "$out" ] && from=(--from "$out")
    say "book: Connect Four 7x6 to $depth stones -> $out"
    PP_C4_TABLE_BITS=${PP_C4_TABLE_BITS:-26} ./build/perfect-play book connect-four "$depth" "$out" "${from[@]}" \
        --jobs "${PP_BOOK_JOBS:-$(nproc)}"
}

# Fuzz targets, by convention: tests/fuzz/fuzz_NAME.c defines
# LLVMFuzzerTestOneInput and is linked with the library and nothing else (a
# helper source it needs, it #includes); its seed corpus is the directory
# tests/fuzz/corpus-NAME/ (small files, minimised; a regression input named
# after what broke). `test` replays every corpus with gcc and the sanitizers
# (tests/fuzz/replay.c: no libFuzzer; alone: ./build.sh fuzz-replay); `fuzz`
# runs libFuzzer on every target.
fuzz_targets() { ls tests/fuzz/fuzz_*.c | sed 's|^tests/fuzz/fuzz_||; s|\.c$||'; }

# The library compiled once into an archive: fuzz_lib ARCHIVE COMPILER FLAGS...
fuzz_lib() {
    local archive=$1 cc=$2
    shift 2
    local dir=${archive%.a}-obj
    rm -rf "$dir" "$archive"
    mkdir -p "$dir"
    # shellcheck disable=SC2086
    printf '%s\n' $LIB_SRC | xargs -P 2 -I{} sh -c 'src=$0 cc=$1 dir=$2; shift 2; "$cc" "$@" -c "$src" -o "$dir/$(echo "$src" | tr / _).o"' \
        {} "$cc" "$dir" "$@"
    ar rcs "$archive" "$dir"/*.o
}

# The corpora as a test layer: prints one line per target, then the sum.
fuzz_replay() {
    # shellcheck disable=SC2054  # -fsanitize takes its sanitizers as one comma list
    local flags=(-std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
    fuzz_lib build/libpp_asan.a gcc "${flags[@]}" $C_INC
    local name p=0 f=0 c cp cf
    for name in $(fuzz_targets); do
        c="0 1"
        # shellcheck disable=SC2086
        if gcc "${flags[@]}" $C_INC tests/fuzz/replay.c "tests/fuzz/fuzz_$name.c" build/libpp_asan.a \
            -o "build/replay_$name"; then
            "./build/replay_$name" "tests/fuzz/corpus-$name" >"build/replay_$name.log" 2>&1 || true
            grep -E '^FAIL' "build/replay_$name.log" || true
            c=$(count_c "build/replay_$name.log" || echo "0 1")
        fi
        [ -n "$c" ] || c="0 1"
        read -r cp cf <<<"$c"
        printf '  fuzz_%-12s corpus-%-12s %s passed, %s failed\n' "$name" "$name" "$cp" "$cf"
        p=$((p + cp))
        f=$((f + cf))
    done
    printf '%d passed, %d failed\n' "$p" "$f"
}

fuzz() {
    local targets
    targets=$(fuzz_targets)
    local n
    n=$(echo "$targets" | wc -w)
    local secs=${1:-$((60 * n))}
    case "$secs" in '' | *[!0-9]*) die "fuzz: seconds must be a number" ;; esac
    setup
    # libFuzzer's runtime ships with clang; Debian splits it into libclang-rt-14-dev.
    if ! echo 'int LLVMFuzzerTestOneInput(const char*d,long n){return 0;}' |
        clang -x c - -fsanitize=fuzzer -o /dev/null 2>/dev/null; then
        say "installing clang and libclang-rt-14-dev (apt-get)"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang libclang-rt-14-dev >/dev/null
    fi
    mkdir -p build
    say "fuzz: the library for libFuzzer (build/libpp_fuzz.a)"
    fuzz_lib build/libpp_fuzz.a clang -g -O1 -fsanitize=fuzzer-no-link,address,undefined $C_INC
    local each=$(((secs + n - 1) / n)) name
    for name in $targets; do
        say "fuzz: $name for ${each}s (seeds: tests/fuzz/corpus-$name; new inputs: build/fuzz-corpus/$name)"
        # shellcheck disable=SC2086
        clang -g -O1 -fsanitize=fuzzer,address,undefined $C_INC "tests/fuzz/fuzz_$name.c" build/libpp_fuzz.a \
            -o "build/fuzz_$name"
        mkdir -p "build/fuzz-corpus/$name"
        "./build/fuzz_$name" -max_total_time="$each" -timeout=60 -print_final_stats=1 \
            -artifact_prefix="build/fuzz-crash-$name-" "build/fuzz-corpus/$name" "tests/fuzz/corpus-$name"
    done
}

# A fetched GDL corpus (never in the repository: the GGP repository's
# sheets have no licence) through the CLI built with ASan and UBSan,
# build/perfect-play-asan: tests/gdl/corpus.sh prints each sheet's class
# (solved, refused, out of budget, out of memory, still working, crashed)
# and a count per class, and fails if one crashed. Not a layer of `test`.
gdl_corpus() {
    local dir=${1:-} secs=${2:-10}
    [ -n "$dir" ] || die "gdl-corpus: DIR is needed (a directory of GAME/GAME.kif sheets)"
    [ -d "$dir" ] || die "gdl-corpus: no directory $dir"
    mkdir -p build
    say "gdl-corpus: build/perfect-play-asan (ASan+UBSan)"
    # shellcheck disable=SC2086
    gcc -std=c11 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
        $C_INC $LIB_SRC $CLI_SRC -o build/perfect-play-asan
    tests/gdl/corpus.sh build/perfect-play-asan "$dir" "$secs"
}

# The house format, so that diffs are about meaning: clang-format
# (.clang-format) on the C, Prettier (.prettierrc.json) on the JavaScript,
# every such file git tracks. --check changes nothing and fails (exit 1)
# naming the files that differ.
format() {
    local mode=${1:-}
    [ -z "$mode" ] || [ "$mode" = --check ] || die "format: the one option is --check"
    setup
    local c_files js_files
    c_files=$(git ls-files '*.c' '*.h')
    js_files=$(git ls-files '*.js' '*.jsx' '*.mjs')
    if [ "$mode" = --check ]; then
        say "format --check: C (clang-format), JavaScript (Prettier)"
        local bad=0
        local said
        said=$(clang-format --dry-run --Werror $c_files 2>&1) || bad=1
        [ -z "$said" ] || printf '%s\n' "$said" | grep -Eo '^[^:]+\.[ch]:' | sort -u | sed 's/:$/: not formatted/'
        npx prettier --check --log-level warn $js_files || bad=1
        return $bad
    fi
    say "format: C (clang-format), JavaScript (Prettier)"
    clang-format -i $c_files
    npx prettier --write --log-level warn $js_files
}

# The commands: "name|arguments|the function that runs it|what it does", in
# the order the usage lists them. The function gets the arguments.
COMMANDS=(
    "serve|[--port N]|serve|build the site and serve it (default port 8080)"
    "test||run_tests|build, then run every test layer; ends \"N passed, N failed\""
    "build||build_all|native CLI (build/perfect-play), WASM, production site (dist/)"
    "embed|DIR|embed|the files a page needs to embed the player from its own host, into DIR"
    "bench||bench|speed figures: native vs WASM, trees, DP, page frame times"
    "bench-retro||bench_retro|the retrograde engine beside a flat kernel and the seed's C++ (needs ../shared/baseline)"
    "bench-retro-wasm||cmd_bench_retro_wasm|the retrograde kernels warm, WASM (Node, Chromium) vs native"
    "bench-gdl||cmd_bench_gdl|games in GDL: grounding, enumerating, solving, natively, in WASM and in the page"
    "bench-gdl-search||bench_gdl_search|the gdl2qbf games and Connect Four in GDL from their rules (minutes)"
    "bench-five||cmd_bench_five|five-piece chess tables natively (PP_BENCH_FIVE=1: KRBKR; all: three tables)"
    "fuzz|[seconds]|fuzz|libFuzzer on every fuzz target, the time split evenly (default 60 each)"
    "fuzz-replay||fuzz_replay|every fuzz corpus replayed under ASan+UBSan (a layer of test)"
    "book|[depth]|book|rebuild Connect Four's opening book (to 10 stones: about 1.5 h of two cores)"
    "gdl-corpus|DIR [seconds]|gdl_corpus|every GDL sheet under DIR (e.g. a fetched GGP repository's war/root/games) through an ASan+UBSan CLI, each sheet's class (default 10 s a sheet)"
    "format|[--check]|format|C by clang-format, JavaScript by Prettier, as .clang-format and .prettierrc.json say (--check: only list the files that differ)"
    "wasm||cmd_wasm|only the WASM modules"
    "setup||setup|only install what is missing"
    "help||usage|this list"
)

cmd_wasm() { setup; build_wasm; }
cmd_bench_gdl() { setup; build_wasm; bench_gdl; }
cmd_bench_five() { PP_BENCH_FIVE=${PP_BENCH_FIVE:-1} bench_chess_five; }
cmd_bench_retro_wasm() { setup; bench_retro_wasm; }

usage() {
    local c name args run what
    echo "build.sh: the one entry point. Every command first installs what is missing."
    echo
    for c in "${COMMANDS[@]}"; do
        IFS='|' read -r name args run what <<<"$c"
        printf '  ./build.sh %-26s %s\n' "$name${args:+ $args}" "$what"
    done
}

cmd=${1:-}
[ $# -gt 0 ] && shift
for c in "${COMMANDS[@]}"; do
    IFS='|' read -r name args run what <<<"$c"
    if [ "$name" = "$cmd" ]; then
        "$run" "$@"
        exit $?
    fi
done
usage
[ -z "$cmd" ] || { echo "build.sh: unknown command '$cmd'" >&2; exit 2; }
