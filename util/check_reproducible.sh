#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Is gen_asm.py's output reproducible? Copies the working files of this tree (tracked +
# untracked-but-not-ignored, as they are on disk, uncommitted edits included) twice,
# deletes generated/ in both copies, regenerates each under a different locale, time
# zone, checkout path (the second one deeper, with spaces), working directory, job
# count and Python hash seed, then requires:
#   - the two copies to be byte-identical (every file, generated/ and anything else
#     gen_asm.py writes), and
#   - the regenerated files to equal this tree's own (a stale generated/ shows up here).
# Exit 0 when all holds, 1 naming every differing file, 2 when it cannot run.
#
#   util/check_reproducible.sh [--keep]      # --keep leaves the copies in /tmp

set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
ROOT=$PWD
KEEP=0
case "${1:-}" in
  --keep) KEEP=1 ;;
  "") ;;
  *) echo "usage: $0 [--keep]" >&2; exit 2 ;;
esac
command -v python3 >/dev/null || { echo "check_reproducible: python3 not found" >&2; exit 2; }
command -v git >/dev/null || { echo "check_reproducible: git not found" >&2; exit 2; }
START=$SECONDS
export LC_ALL=C  # for this script's own sort/comm/diff; the gen_asm.py runs set their own

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ctasm-repro.XXXXXX") || exit 2
cleanup() { if ((KEEP)); then echo "check_reproducible: kept $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT
COPY_A=$WORK/a
COPY_B="$WORK/b/deeper checkout/with spaces/ctasm.copy"

# A second locale: C.UTF-8 when installed, else any non-C one, else C (said so).
LOCALE_B=
while read -r l; do
  case "$l" in C.utf8|C.UTF-8) LOCALE_B=C.UTF-8; break ;; C|POSIX) ;; *) [[ -z $LOCALE_B ]] && LOCALE_B=$l ;; esac
done < <(locale -a 2>/dev/null)
if [[ -z $LOCALE_B ]]; then
  LOCALE_B=C
  echo "check_reproducible: note: no locale but C installed; both runs use LC_ALL=C"
fi

copy_tree() {  # copy_tree DEST: the working files of $ROOT, as on disk
  mkdir -p "$1" || return 1
  git -C "$ROOT" ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do
      # listed but deleted in the work tree: skip; generated/ is regenerated anyway
      [[ -e $f || -L $f ]] && [[ $f != generated/* ]] && printf '%s\0' "$f"
    done | sort -zu | xargs -0 -r cp -a --parents -t "$1"
}

# B is copied from A, not from the tree, so that edits others make meanwhile cannot
# make the two inputs differ.
if ! copy_tree "$COPY_A" || ! mkdir -p "$(dirname "$COPY_B")" || ! cp -a "$COPY_A" "$COPY_B"; then
  echo "check_reproducible: copying the tree to $WORK failed" >&2
  exit 2
fi
# What the copy held before generation, to tell gen_asm.py's outputs outside generated/.
(cd "$COPY_A" && find . -type f -print0 | sort -z | xargs -0 -r sha1sum) >"$WORK/before.sum"

run_gen() {  # run_gen NAME COPY CWD LOCALE TZ JOBS HASHSEED
  local log="$WORK/$1.log"
  echo "check_reproducible: $1: LC_ALL=$4 TZ=$5 PYTHONHASHSEED=$7 -j$6 in '$2' (cwd $3)"
  if ! (cd "$3" && env LC_ALL="$4" LANG="$4" TZ="$5" PYTHONHASHSEED="$7" \
          python3 "$2/gen_asm.py" -j "$6") >"$log" 2>&1; then
    echo "check_reproducible: gen_asm.py failed in the $1 copy:" >&2
    sed 's/^/  /' "$log" >&2
    exit 2
  fi
}
# Set iteration order in Python depends on the hash seed: vary it too.
run_gen first "$COPY_A" "$COPY_A" C UTC 1 0
run_gen second "$COPY_B" / "$LOCALE_B" Asia/Tokyo 2 4242

bad=0
# 1. The two regenerated copies, every file.
while IFS= read -r line; do
  bad=1
  echo "NOT REPRODUCIBLE: $line"
done < <(diff -rq "$COPY_A" "$COPY_B" 2>&1 | sed -e "s|$COPY_A/|first:|g" -e "s|$COPY_B/|second:|g" \
           -e 's|^Files first:\(.*\) and second:.* differ$|\1 (the two runs differ)|' \
           -e 's|^Only in first:\(.*\): \(.*\)$|\1/\2 (only from the first run)|' \
           -e 's|^Only in second:\(.*\): \(.*\)$|\1/\2 (only from the second run)|')

# 2. What gen_asm.py wrote (generated/ and any file it created or changed) against the
#    tree. Other files are not compared: people may be editing the tree meanwhile.
written=()
while IFS= read -r -d '' f; do written+=("${f#./}"); done < <(cd "$COPY_A" && find generated -type f -print0 | sort -z)
while IFS= read -r f; do written+=("${f#./}"); done < <(
  cd "$COPY_A" && { sha1sum --quiet -c "$WORK/before.sum" 2>/dev/null | sed -n 's/: FAILED.*$//p'
                    comm -13 <(sed 's/^[0-9a-f]*  //' "$WORK/before.sum") <(find . -type f | sort); } |
                  grep -v '^\./generated/' | sort -u)
stale=()
for f in "${written[@]}"; do
  if [[ ! -e $ROOT/$f ]]; then stale+=("$f (missing from the tree)")
  elif ! cmp -s "$COPY_A/$f" "$ROOT/$f"; then stale+=("$f")
  fi
done
while IFS= read -r -d '' f; do
  f=${f#./}
  [[ -e $COPY_A/$f ]] || stale+=("$f (in the tree, not produced by gen_asm.py)")
done < <(cd "$ROOT" && find generated -type f ! -name '*.tmp' -print0 | sort -z)
for f in "${stale[@]}"; do
  bad=1
  echo "DIFFERS FROM THE TREE: $f"
done
((${#stale[@]})) && echo "check_reproducible: the tree's generated output is stale or was produced differently; run python3 gen_asm.py"

n=$(cd "$COPY_A" && find generated -type f | wc -l)
if ((bad)); then
  echo "check_reproducible: FAILED ($n generated files, $((SECONDS - START))s)"
  exit 1
fi
echo "check_reproducible: ok: $n generated files byte-identical across both runs and the tree ($((SECONDS - START))s)"
