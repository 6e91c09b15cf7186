#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Vendoring and packaging tests, native (x86_64 Linux): builds ctasm the ways other
# projects do and runs a known-answer + round-trip program against each build.
#
#   tests/consumers/run.sh            # exit status non-zero if any step failed
#
#   lists       generated/sources.{bzl,gni,cmake,mk} parse and match sources.json
#   package     ctasm's CMakeLists with -DCTASM_PREFIX=foo, `cmake --install` into a
#               temporary prefix, util/check_prefix.py on the installed library
#   make        plain Make from sources.mk with PREFIX=bar (every .S of every target)
#   cmake       CMake from sources.cmake, unprefixed (every .S of every target)
#   bazel       Bazel (Debian's 4.2.3, --batch, offline) from sources.bzl: ctasm in
#               third_party/ctasm with README.md's BUILD, the x86_64-linux assembly
#   gn          GN + ninja from sources.gni: third_party/ctasm with README.md's BUILD.gn
#   unprefixed  check_prefix.py must reject the unprefixed library (the check bites)
#   two-copies  foo (installed) + bar (make) + OpenSSL libcrypto in one program
#   static-openssl  the unprefixed library (cmake) + Debian's static libcrypto.a,
#               linked in both orders, at OpenSSL's SSSE3 tier: each runs its own code
#   find_package, pkg-config   consumers of the installed package (C++ and C)
#
# Environment: CTASM_CONSUMERS_DIR (default: a fresh temporary directory, removed
# on success) for the builds and logs; CTASM_JOBS (default 2).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/tests/consumers
JOBS=${CTASM_JOBS:-2}
if [[ -n ${CTASM_CONSUMERS_DIR:-} ]]; then
  W=$CTASM_CONSUMERS_DIR; KEEP=1; rm -rf "$W"; mkdir -p "$W"
else
  W=$(mktemp -d /tmp/ctasm-consumers.XXXXXX); KEEP=0
fi
GEN=(); command -v ninja >/dev/null && GEN=(-G Ninja)
START=$SECONDS
PASSED=() FAILED=()

# step NAME COMMAND...: run with output in $W/NAME.log; on failure show its tail.
step() {
  local name=$1; shift
  local t0=$SECONDS rc
  # Not inside `if`: bash ignores set -e in a condition, even in a subshell.
  (set -e; "$@") >"$W/$name.log" 2>&1
  rc=$?
  if ((rc == 0)); then
    PASSED+=("$name")
    printf '  ok    %-13s %3ds  %s\n' "$name" $((SECONDS - t0)) "$(grep -v '^\s*$' "$W/$name.log" | tail -n 1)"
  else
    FAILED+=("$name")
    printf '  FAIL  %-13s %3ds  (log: %s)\n' "$name" $((SECONDS - t0)) "$W/$name.log"
    tail -n 25 "$W/$name.log" | sed 's/^/        /'
  fi
}

lists() { python3 "$HERE/check_lists.py" "$ROOT"; }

# vendor PROJECT DEST: a copy of the consumer project PROJECT at DEST, with the
# round-trip program (and its ChaCha known answers) at its top and include/, src/,
# generated/ in third_party/ctasm
# (as README.md's "Vendoring ctasm" says a user does).
vendor() {
  mkdir -p "$(dirname "$2")"
  cp -r "$1" "$2"
  cp "$HERE/common/roundtrip.c" "$HERE/common/chacha_kat.h" "$2/"
  cp -r "$ROOT/include" "$ROOT/src" "$ROOT/generated" "$2/third_party/ctasm/"
}

# readme_same TITLE FILE: the fenced block after README.md's line TITLE is FILE.
readme_same() {
  local block
  block=$(awk -v t="$1" '$0 == t {f = 1; next} f && /^```/ {if (g) exit; g = 1; next} g' \
              "$ROOT/README.md")
  [[ -n $block ]] || { echo "README.md: no code block after the line: $1"; return 1; }
  if ! diff -u --label "README.md ($1)" --label "${2#"$W"/}" <(printf '%s\n' "$block") "$2"; then
    echo "README.md's snippet and ${2#"$W"/} differ: change both"
    return 1
  fi
}

# check_program BINARY WHO: the round-trip program passes, the x86_64-linux assembly
# is in it (every symbol sources.json lists for the target), and it is what runs on
# a CPU with SSSE3 (AES and ChaCha20-Poly1305).
check_program() {
  local out syms sym
  out=$("$1" "$2") || { echo "$out"; echo "$1 failed"; return 1; }
  [[ $out == "$2: ok,"* ]] || { echo "$out"; echo "$1: unexpected output"; return 1; }
  syms=$(nm "$1")
  for sym in $(python3 -c 'import json, sys
print(" ".join(json.load(open(sys.argv[1]))["targets"]["x86_64-linux"]["symbols"]))' \
                       "$ROOT/generated/sources.json"); do
    grep -q " [tT] $sym\$" <<<"$syms" || { echo "$1: no $sym: the assembly is not linked in"; return 1; }
  done
  if [[ $out =~ cpu\ [^\)]*ssse3 && $out == *"aes impl portable"* ]]; then
    echo "$out"; echo "$1: portable AES on a CPU with SSSE3"; return 1
  fi
  if [[ $out =~ cpu\ [^\)]*ssse3 && $out == *"chacha impl chacha-portable"* ]]; then
    echo "$out"; echo "$1: portable ChaCha20-Poly1305 on a CPU with SSSE3"; return 1
  fi
  echo "$out"
}

package() {
  cmake -S "$ROOT" -B "$W/pkg" "${GEN[@]}" -DCMAKE_BUILD_TYPE=Release -DCTASM_PREFIX=foo \
        -DCTASM_BUILD_TESTS=OFF
  cmake --build "$W/pkg" -j "$JOBS" --target ctasm
  cmake --install "$W/pkg" --prefix "$W/inst"
  for f in include/ctasm/ctasm.h include/ctasm/ctasm_prefix.h lib/libctasm.a lib/pkgconfig/ctasm.pc \
           lib/cmake/ctasm/ctasmConfig.cmake lib/cmake/ctasm/ctasmConfigVersion.cmake; do
    [[ -f $W/inst/$f ]] || { echo "not installed: $f"; return 1; }
  done
  python3 "$ROOT/util/check_prefix.py" --prefix foo "$W/inst/lib/libctasm.a"
}

make_consumer() {
  make -C "$HERE/make" -j "$JOBS" CTASM="$ROOT" OUT="$W/make" PREFIX=bar all
  python3 "$ROOT/util/check_prefix.py" --prefix bar "$W/make/libctasm.a"
  "$W/make/roundtrip" "make (prefix bar)"
}

cmake_consumer() {
  cmake -S "$HERE/cmake" -B "$W/cmake" "${GEN[@]}" -DCMAKE_BUILD_TYPE=Release -DCTASM_ROOT="$ROOT"
  cmake --build "$W/cmake" -j "$JOBS"
  "$W/cmake/roundtrip" cmake
}

# Debian's Bazel takes its install base from /etc/bazel/bazelrc (so no --nosystem_rc);
# @platforms and rules_java come from Debian's packages, rules_cc from the project's
# own stand-in (bazel/WORKSPACE). Where the kernel lets us, Bazel runs in a network
# namespace of its own, with no network at all: a fetch fails the step.
bazel_consumer() {
  local ws=$W/bazel/ws d net=()
  command -v bazel >/dev/null ||
    { echo "bazel not found (Debian: apt-get install bazel-bootstrap bazel-platforms bazel-rules-java)"; return 1; }
  for d in /usr/share/bazel/tools/platforms /usr/share/bazel/rules/java; do
    [[ -f $d/WORKSPACE ]] || { echo "$d missing (Debian: bazel-platforms, bazel-rules-java)"; return 1; }
  done
  vendor "$HERE/bazel" "$ws"
  readme_same 'Bazel (`third_party/ctasm/BUILD`):' "$ws/third_party/ctasm/BUILD"
  if unshare -n true 2>/dev/null; then net=(unshare -n)
  elif unshare -rn true 2>/dev/null; then net=(unshare -rn)  # not root: a user namespace
  fi
  if ((${#net[@]})); then echo "bazel: no network (${net[*]})"
  else echo "bazel: unshare -n not permitted here; running with the network present"; fi
  (cd "$ws" && "${net[@]}" bazel --batch --nohome_rc --output_user_root="$W/bazel/root" \
       build -c opt --jobs="$JOBS" --nosandbox_debug --noshow_progress //:roundtrip)
  check_program "$ws/bazel-bin/roundtrip" bazel
}

gn_consumer() {
  local root=$W/gn/src
  command -v gn >/dev/null || { echo "gn not found (Debian: apt-get install generate-ninja)"; return 1; }
  command -v ninja >/dev/null || { echo "ninja not found (Debian: apt-get install ninja-build)"; return 1; }
  vendor "$HERE/gn" "$root"
  readme_same 'GN (`third_party/ctasm/BUILD.gn`):' "$root/third_party/ctasm/BUILD.gn"
  gn gen --check --root="$root" "$W/gn/out"
  ninja -C "$W/gn/out" -j "$JOBS"
  check_program "$W/gn/out/roundtrip" gn
}

unprefixed() {
  local lib
  python3 "$ROOT/util/check_prefix.py" --self-test || return 1
  lib=$(find "$W/cmake" -name 'libctasm.a' | head -n 1)
  [[ -n $lib ]] || { echo "no libctasm.a in $W/cmake"; return 1; }
  if python3 "$ROOT/util/check_prefix.py" --prefix foo "$lib" >"$W/unprefixed.out"; then
    cat "$W/unprefixed.out"; echo "check_prefix.py accepted an unprefixed library"; return 1
  fi
  echo "check_prefix.py rejects the unprefixed library: $(tail -n 1 "$W/unprefixed.out")"
}

two_copies() {
  make -C "$HERE/two-copies" CTASM="$ROOT" OUT="$W/two" \
       FOO_LIB="$W/inst/lib/libctasm.a" BAR_LIB="$W/make/libctasm.a" all
  "$W/two/two-copies"
}

static_openssl() {
  local lib order
  lib=$(find "$W/cmake" -name 'libctasm.a' | head -n 1)
  [[ -n $lib ]] || { echo "no libctasm.a in $W/cmake"; return 1; }
  make -C "$HERE/static-openssl" CTASM="$ROOT" OUT="$W/static" CTASM_LIB="$lib" all
  for order in ctasm-first openssl-first; do
    # Both libraries' own vpaes code must be in the program.
    nm "$W/static/$order" >"$W/static/$order.nm"
    grep -q ' T vpaes_encrypt$' "$W/static/$order.nm" || { echo "$order: no OpenSSL vpaes_encrypt"; return 1; }
    grep -q ' [Tt] ctasm_vpaes_encrypt$' "$W/static/$order.nm" || { echo "$order: no ctasm_vpaes_encrypt"; return 1; }
    OPENSSL_ia32cap='~0x1200000200000000:0' "$W/static/$order"
  done
}

find_package_consumer() {
  cmake -S "$HERE/install" -B "$W/fp" "${GEN[@]}" -DCMAKE_PREFIX_PATH="$W/inst"
  cmake --build "$W/fp" -j "$JOBS"
  "$W/fp/roundtrip_hpp" "find_package (prefix foo)"
}

pkgconfig_consumer() {
  command -v pkg-config >/dev/null || { echo "pkg-config not found (Debian: pkgconf)"; return 1; }
  make -C "$HERE/pkgconfig" PKG_CONFIG_PATH="$W/inst/lib/pkgconfig" OUT="$W/pc" all
  "$W/pc/roundtrip" "pkg-config (prefix foo)"
}

echo "consumers: building in $W"
step lists lists
step package package
step make make_consumer
step cmake cmake_consumer
step bazel bazel_consumer
step gn gn_consumer
step unprefixed unprefixed
step two-copies two_copies
step static-openssl static_openssl
step find_package find_package_consumer
step pkg-config pkgconfig_consumer

total=$((${#PASSED[@]} + ${#FAILED[@]}))
if ((${#FAILED[@]})); then
  echo "consumers: FAILED ${#FAILED[@]}/$total (${FAILED[*]}) in $((SECONDS - START))s; logs in $W"
  exit 1
fi
# Bazel leaves read-only files and directories in its output tree.
((KEEP)) || { chmod -R u+w "$W"; rm -rf "$W"; }
echo "consumers: all $total passed in $((SECONDS - START))s"
