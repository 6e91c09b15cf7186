#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The ctasm test command (README.md; .ci/run calls exactly this).
#
#   sudo util/run_tests.sh
#
# As root it first installs whatever Debian 12 packages are missing; otherwise it
# lists them and stops. Then: gen_asm.py --check, the translator golden tests,
# configure+build+ctest for the four runnable targets (x86_64-linux native,
# x86_64-win under wine, aarch64-linux and armv7-linux under qemu-user) and a
# native CTASM_NO_ASM build, clang assembly of the four other targets, and a check
# that every object exports exactly the symbols generated/sources.json promises.
# Ends with a per-target summary; exits non-zero if anything is missing or failed.
#
# Environment: CTASM_JOBS (default 2) build parallelism; CTASM_TARGETS (default all)
# space-separated subset of runnable builds to run, e.g. "x86_64-linux no-asm".

set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
JOBS=${CTASM_JOBS:-2}
START=$(date +%s)
export LC_ALL=C

# The packages of docs/TOOLCHAIN.md (+ python3, which this script needs;
# Bazel and GN for tests/consumers; Bochs for util/bochs512).
PACKAGES=(perl python3 cmake ninja-build googletest nasm clang llvm lld qemu-user
  gcc-aarch64-linux-gnu g++-aarch64-linux-gnu gcc-arm-linux-gnueabihf g++-arm-linux-gnueabihf
  mingw-w64 wine wine64 libunwind-dev libssl-dev python3-cryptography-vectors valgrind
  make pkgconf git bazel-bootstrap bazel-platforms bazel-rules-java generate-ninja
  bochs bochs-term bochsbios vgabios)

log() { printf '\n=== %s\n' "$*"; }

# ---- packages ------------------------------------------------------------------------
missing=()
if ! command -v dpkg-query >/dev/null; then
  echo "run_tests: dpkg-query not found: this script expects Debian 12" >&2
  exit 1
fi
for p in "${PACKAGES[@]}"; do
  [[ $(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null) == installed ]] || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "run_tests: missing Debian packages: ${missing[*]}" >&2
    echo "run_tests: run as root to install them, or: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  log "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update </dev/null || exit 1
  apt-get install -y "${missing[@]}" </dev/null || exit 1
fi

# ---- result bookkeeping ----------------------------------------------------------------
declare -A R_STATUS R_PASS R_FAIL R_OBJS R_TIME
ROWS=()
FAILED=0
row() {  # row NAME: make sure the summary has a line for NAME
  if [[ -z ${R_STATUS[$1]+x} ]]; then
    ROWS+=("$1"); R_STATUS[$1]=ok; R_PASS[$1]=-; R_FAIL[$1]=-; R_OBJS[$1]=-; R_TIME[$1]=0
  fi
}
fail() { row "$1"; R_STATUS[$1]="FAIL: $2"; FAILED=1; }
add_objs() { row "$1"; local n=${R_OBJS[$1]}; [[ $n == - ]] && n=0; R_OBJS[$1]=$((n + ${2:-0})); }
add_time() { row "$1"; R_TIME[$1]=$((R_TIME[$1] + ${2:-0})); }
objs_from() { sed -n 's/.*: \([0-9][0-9]*\) objects checked.*/\1/p' "$1" | tail -1; }

mkdir -p build/logs

# ---- generated/ is current --------------------------------------------------------------
log "gen_asm.py --check"
row generated
t0=$SECONDS
if ! python3 gen_asm.py --check; then fail generated "gen_asm.py --check"; fi
# The docs' target tables say what targets.json says.
if ! python3 util/targets.py --check-docs; then fail generated "util/targets.py --check-docs"; fi
# gen_asm.py's Perl job server under planted faults (a warning, a module it cannot preload).
if ! python3 tests/gen_asm_server_test.py >build/logs/gen_asm_server.log 2>&1; then
  cat build/logs/gen_asm_server.log; fail generated "tests/gen_asm_server_test.py (build/logs/gen_asm_server.log)"; fi
grep -E '^gen_asm_server:' build/logs/gen_asm_server.log
add_time generated $((SECONDS - t0))

# ---- translator golden tests ------------------------------------------------------------
# One runner, one suite per translator (tests/xlate/run_golden.py --list).
shopt -s nullglob
golden=$(python3 tests/xlate/run_golden.py --list) || fail golden "run_golden.py --list"
if [[ -n $golden ]]; then
  row golden; R_PASS[golden]=0; R_FAIL[golden]=0
  for g in $golden; do
    log "tests/xlate/run_golden.py $g"
    if python3 tests/xlate/run_golden.py "$g"; then R_PASS[golden]=$((R_PASS[golden] + 1))
    else R_FAIL[golden]=$((R_FAIL[golden] + 1)); fail golden "run_golden.py $g"; fi
  done
fi

# ---- several flavours in one translator run (what gen_asm.py does) against independent answers
# The golden outputs, the error fixtures in both flavour orders, one-flavour runs of every
# script; all through util/perl_job_server.pl (about 23 CPU seconds).
log "tests/xlate/multi_flavour.py (log: build/logs/multi_flavour.log)"
row multi_flavour; t0=$SECONDS
if python3 tests/xlate/multi_flavour.py --jobs "$JOBS" >build/logs/multi_flavour.log 2>&1; then :
else fail multi_flavour "tests/xlate/multi_flavour.py (build/logs/multi_flavour.log)"; fi
read -r mf_checks mf_failed < <(sed -n 's/^multi_flavour: \([0-9]*\) checks, \([0-9]*\) failed.*/\1 \2/p' \
  build/logs/multi_flavour.log)
if [[ -n ${mf_checks:-} ]]; then
  R_PASS[multi_flavour]=$((mf_checks - mf_failed)); R_FAIL[multi_flavour]=$mf_failed; fi
tail -n 1 build/logs/multi_flavour.log
add_time multi_flavour $((SECONDS - t0))

# ---- static CFI / unwind check of every generated object, all eight targets ---------------
log "check_cfi.py (every generated object) + its negative fixtures"
row cfi
t0=$SECONDS
if python3 util/check_cfi.py -q --generated build/cfi | tee build/logs/cfi.log | tail -n 1; then
  R_PASS[cfi]=$(sed -n 's/^check_cfi: \([0-9]*\) functions.*/\1/p' build/logs/cfi.log | tail -1)
else
  fail cfi "util/check_cfi.py (see build/logs/cfi.log)"
fi
if ! python3 tests/cfi_fixtures/run.py > build/logs/cfi_fixtures.log 2>&1; then
  fail cfi "negative fixtures (see build/logs/cfi_fixtures.log)"
fi
add_time cfi $((SECONDS - t0))

# ---- generation is reproducible (other locale, TZ, checkout path) -------------------------
log "gen_asm.py reproducibility"
row reproducible; t0=$SECONDS
if ! util/check_reproducible.sh >build/logs/reproducible.log 2>&1; then
  fail reproducible "util/check_reproducible.sh (build/logs/reproducible.log)"; fi
tail -n 1 build/logs/reproducible.log
add_time reproducible $((SECONDS - t0))

# ---- the assembly review tool on its fixture revisions ----------------------------------
log "asm_diff.py fixtures"
row asm_diff; t0=$SECONDS
if ! python3 tests/asm_diff/run.py >build/logs/asm_diff.log 2>&1; then
  fail asm_diff "tests/asm_diff/run.py (build/logs/asm_diff.log)"; fi
R_PASS[asm_diff]=$(sed -n 's/^asm_diff tests: \([0-9]*\) passed.*/\1/p' build/logs/asm_diff.log)
tail -n 1 build/logs/asm_diff.log
add_time asm_diff $((SECONDS - t0))

# ---- same code on every flavour: instruction streams compared across each ISA's flavours ----
log "check_flavours.py (every generated file) + its self-test"
row flavours; t0=$SECONDS
if python3 util/check_flavours.py --self-test >build/logs/flavours.log 2>&1 &&
   python3 util/check_flavours.py >>build/logs/flavours.log 2>&1; then :
else fail flavours "util/check_flavours.py (build/logs/flavours.log)"; fi
R_PASS[flavours]=$(sed -n 's/^check_flavours: \([0-9]*\) scripts.*/\1/p' build/logs/flavours.log)
R_OBJS[flavours]=$(sed -n 's/^check_flavours: .* \([0-9]*\) objects.*/\1/p' build/logs/flavours.log)
tail -n 1 build/logs/flavours.log
add_time flavours $((SECONDS - t0))

# ---- translator fuzzer: the promise on mutants of the golden inputs and the scripts ------
# Its self-test, the known findings' fixtures, then all of the first 200 mutants of seed 1 (~40 s idle,
# 600 s backstop: a loaded local run checks what CI checks)
# (tests/xlate/fuzz.py --minutes N for a longer run). Red for a finding class not in
# tests/xlate/fuzz_findings/known.json; a known entry that no longer reproduces is
# printed as FIXED (delete it from the list) without failing the run.
log "tests/xlate/fuzz.py (log: build/logs/fuzz.log, findings: build/fuzz-findings/)"
row fuzz; t0=$SECONDS
if ! python3 tests/xlate/fuzz.py >build/logs/fuzz.log 2>&1; then
  cat build/logs/fuzz.log; fail fuzz "tests/xlate/fuzz.py (build/logs/fuzz.log)"; fi
grep -E '^(FIXED|fuzz)' build/logs/fuzz.log
R_PASS[fuzz]=$(sed -n 's/^fuzz: seed [^,]*, [0-9]* seeds, \([0-9]*\) mutants.*/\1/p' build/logs/fuzz.log)
R_FAIL[fuzz]=$(sed -n 's/^fuzz: \([0-9]*\) new finding signatures.*/\1/p' build/logs/fuzz.log)
add_time fuzz $((SECONDS - t0))

# AVX-512 code on a CPU without it: util/bochs512 boots a payload of its own in Bochs
# (tigerlake model) that runs ctasm_abi_test_wide's SysV and Win64 objects with canaries,
# single-steps both against their unwind data, and runs ChaCha20/IFMA Poly1305 smokes and
# the AVX-512 ChaCha20-Poly1305 tier (called and single-stepped, SysV and Win64). Before the
# builds: its build/bochs512/covered.txt is what the host suites of a CPU without AVX-512
# require for the functions they cannot run (tests/bochs512_coverage.h).
log "util/bochs512/run.py (log: build/logs/bochs512.log)"
row bochs512; t0=$SECONDS
if ! python3 util/bochs512/run.py >build/logs/bochs512.log 2>&1; then
  cat build/logs/bochs512.log; fail bochs512 "util/bochs512/run.py (build/logs/bochs512.log)"; fi
grep -E '^bochs512:' build/logs/bochs512.log
R_PASS[bochs512]=$(sed -n 's/^bochs512: OK: \([0-9]*\) PASS.*/\1/p' build/logs/bochs512.log)
R_FAIL[bochs512]=$(sed -n 's/^bochs512: .* \([0-9]*\) FAIL.*/\1/p' build/logs/bochs512.log)
add_time bochs512 $((SECONDS - t0))

# ---- runnable targets: configure, build, ctest ---------------------------------------------
# name | toolchain file | extra cmake arguments: the native target, the portable-only
# build, then the other runnable targets of the target table (targets.json).
BUILDS=("x86_64-linux||" "no-asm||-DCTASM_NO_ASM=ON")
while IFS='|' read -r name toolchain; do
  [[ $name == x86_64-linux ]] || BUILDS+=("$name|$toolchain|")
done < <(python3 util/targets.py --runnable)
((${#BUILDS[@]} > 2)) || { echo "run_tests: util/targets.py --runnable listed nothing" >&2; exit 1; }
ALL_BUILDS=""
for spec in "${BUILDS[@]}"; do ALL_BUILDS+="${spec%%|*} "; done
SELECTED=${CTASM_TARGETS:-$ALL_BUILDS}
for want in $SELECTED; do  # a misspelt target must not turn into "all passed"
  known=0
  for spec in "${BUILDS[@]}"; do [[ ${spec%%|*} == "$want" ]] && known=1; done
  ((known)) || { echo "run_tests: unknown target '$want' in CTASM_TARGETS" >&2; exit 1; }
done
CTEST_PIDS=()
CTEST_NAMES=()
CTEST_RCS=()    # a status taken early (before x86_64-win's tests), by index

gtest_counts() {  # gtest_counts XML -> "passed failed" (empty if no XML)
  [[ -f $1 ]] || return 0
  python3 - "$1" <<'EOF'
import sys, xml.etree.ElementTree as ET
passed = failed = 0
for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
    elif case.get("status", "run") == "run" and case.get("result", "completed") == "completed":
        passed += 1
print(passed, failed)
EOF
}

for spec in "${BUILDS[@]}"; do
  IFS='|' read -r name toolchain extra <<<"$spec"
  [[ " $SELECTED " == *" $name "* ]] || continue
  row "$name"
  dir=build/$name
  args=(-G Ninja -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release)
  [[ -n $toolchain ]] && args+=("-DCMAKE_TOOLCHAIN_FILE=$ROOT/$toolchain")
  [[ -n $extra ]] && args+=($extra)
  log "$name: configure + build (log: build/logs/$name-build.log)"
  t0=$SECONDS
  { cmake "${args[@]}" && cmake --build "$dir" -j "$JOBS"; } >"build/logs/$name-build.log" 2>&1
  rc=$?
  add_time "$name" $((SECONDS - t0))
  echo "build: $((SECONDS - t0))s"
  if ((rc)); then
    tail -n 60 "build/logs/$name-build.log"
    fail "$name" build
    continue
  fi
  # Symbols of the objects this build assembled from generated/ (none for no-asm).
  if [[ $name != no-asm ]]; then
    if python3 util/check_symbols.py --target "$name" --build-dir "$dir" >"build/logs/$name-symbols.log" 2>&1; then
      :
    else
      cat "build/logs/$name-symbols.log"; fail "$name" "symbols"
    fi
    add_objs "$name" "$(objs_from "build/logs/$name-symbols.log")"
  fi
  # Tests run in the background so the next target compiles meanwhile (emulated
  # tests are single-threaded); results are collected below.
  rm -f "$dir/ctasm_tests.xml"
  run_ctest() {
    (t0=$SECONDS; cd "$dir" && ctest --output-on-failure >"$ROOT/build/logs/$name-ctest.log" 2>&1
     rc=$?; echo $((SECONDS - t0)) >"$ROOT/build/logs/$name-ctest.secs"; exit $rc)
  }
  if [[ $name == x86_64-win ]]; then
    # Wine's death tests start hundreds of short wine processes. Beside the next
    # targets' compiles some of them lost their wineserver ("wine client error:
    # sendmsg: Socket operation on non-socket") and took ctasm_tests down, so this
    # target's tests run in the foreground; the background job only hands their
    # status to the collection below. (A persistent wineserver is no cure: the
    # wine services it keeps alive hold ctest's output pipe open, and ctest hangs.)
    # The earlier targets' tests (valgrind on x86_64-linux) running beside it
    # did the same once more (2026-12-03, in AesMisuseTest.OverlappingBuffersAbort),
    # so they finish first: wine's tests run with nothing else on the machine.
    # (A child that died alone, 2026-12-04, was address-space randomisation: wine
    # now runs under setarch -R, cmake/toolchain-x86_64-w64-mingw32.cmake.)
    for i in "${!CTEST_PIDS[@]}"; do wait "${CTEST_PIDS[$i]}"; CTEST_RCS[$i]=$?; done
    run_ctest; rc=$?
    (exit $rc) &
  else
    run_ctest &
  fi
  CTEST_PIDS+=($!)
  CTEST_NAMES+=("$name")
done

# ---- assemble-only targets -----------------------------------------------------------------
# The target table's assemble-only targets, then one of them again with a prefix.
ASSEMBLE=()
while IFS='|' read -r name cc; do ASSEMBLE+=("$name|$cc|"); done < <(python3 util/targets.py --assemble-only)
((${#ASSEMBLE[@]})) || { echo "run_tests: util/targets.py --assemble-only listed nothing" >&2; exit 1; }
for spec in "${ASSEMBLE[@]}"; do
  [[ ${spec%%|*} == aarch64-apple ]] && ASSEMBLE+=("${spec%|}|ctasmtest")
done
for spec in "${ASSEMBLE[@]}"; do
  IFS='|' read -r name cc prefix <<<"$spec"
  row "$name"
  out=build/asm/$name${prefix:+-$prefix}
  rm -rf "$out"
  log "$name: assemble with '$cc'${prefix:+ -DCTASM_PREFIX=$prefix} + symbol check"
  t0=$SECONDS
  logf=build/logs/$name${prefix:+-$prefix}-symbols.log
  if python3 util/check_symbols.py --target "$name" --out "$out" --assemble "$cc" ${prefix:+--prefix "$prefix"} >"$logf" 2>&1; then
    tail -n 1 "$logf"
  else
    cat "$logf"; fail "$name" "assemble/symbols${prefix:+ (prefix $prefix)}"
  fi
  add_objs "$name" "$(objs_from "$logf")"
  add_time "$name" $((SECONDS - t0))
done

# ---- collect the tests -----------------------------------------------------------------------
for i in "${!CTEST_PIDS[@]}"; do
  name=${CTEST_NAMES[$i]}
  if [[ -n ${CTEST_RCS[$i]:-} ]]; then rc=${CTEST_RCS[$i]}; else wait "${CTEST_PIDS[$i]}"; rc=$?; fi
  log "$name: ctest (log: build/logs/$name-ctest.log)"
  if ((rc)); then cat "build/logs/$name-ctest.log"; else tail -n 4 "build/logs/$name-ctest.log"; fi
  add_time "$name" "$(cat "build/logs/$name-ctest.secs" 2>/dev/null)"
  read -r passed failed < <(gtest_counts "build/$name/ctasm_tests.xml") || true
  R_PASS[$name]=${passed:--}; R_FAIL[$name]=${failed:--}
  if ((rc)); then fail "$name" "ctest"
  elif [[ -z ${passed:-} ]]; then fail "$name" "no test results (tests/*_test.cc missing?)"
  fi
done

# ---- vendoring: sources-list consumers, installed package, two prefixed copies ------------
log "tests/consumers/run.sh"
row consumers; t0=$SECONDS
if tests/consumers/run.sh >build/logs/consumers.log 2>&1; then tail -n 1 build/logs/consumers.log
else tail -n 30 build/logs/consumers.log; fail consumers "tests/consumers/run.sh (build/logs/consumers.log)"; fi
add_time consumers $((SECONDS - t0))

# ---- summary -------------------------------------------------------------------------------------
elapsed=$(($(date +%s) - START))
printf '\n%-15s %8s %8s %8s %6s  %s\n' target passed failed objects secs result
printf '%-15s %8s %8s %8s %6s  %s\n' --------------- ------ ------ ------- ---- ------
for r in "${ROWS[@]}"; do
  printf '%-15s %8s %8s %8s %6s  %s\n' "$r" "${R_PASS[$r]}" "${R_FAIL[$r]}" "${R_OBJS[$r]}" "${R_TIME[$r]}" "${R_STATUS[$r]}"
done
printf '\nrun_tests: %s in %dm%02ds\n' "$( ((FAILED)) && echo FAILED || echo 'all passed')" $((elapsed / 60)) $((elapsed % 60))
exit $FAILED
