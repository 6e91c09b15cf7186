#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Exact register-pressure search for a bsaes-armv7 round (offline only).

perlasm/aes/bsaes-armv7.pl dumps a round's straight-line program with
CTASM_BSAES_DUMP=PREFIX (files PREFIX.enc, PREFIX.enc_last, PREFIX.dec,
PREFIX.dec_last: one line per op, "op INDEX KIND SRC...", then "out ...").
This script answers: is there an order of the program's ops (each computed
once) in which at most K values are live at every point?  With 3-operand
NEON the destination may take a dying operand's register, so an op needs
live_before <= K and live_after <= K; vtbl (perm) writes its destination
before it has read all sources, so it needs live_before + 1 <= K.  In
straight-line code such an order colours with K registers (interval
allocation), so K = 16 means a round without spills.

Method: depth-first search over the sets of ops done (the live set is a
function of that set), remembering the sets that failed, with one reduction
that loses no solution: a ready op other than perm that is the last user of
one of its operands is done at once (moving it earlier frees that operand
earlier and holds its result earlier: never more live values at any point).
So "False" is a proof that no order of that program fits K registers.

  util/bsaes_order.py PREFIX.enc 16         the order (dump indices), or a proof
  util/bsaes_order.py --min PREFIX.enc      the smallest K, each K's verdict
  util/bsaes_order.py --profile PREFIX.enc ORDERFILE   live values per op

The order printed is what CTASM_BSAES_ORDER_ENC (ENC_LAST, DEC, DEC_LAST)
takes and what %ORDER pins (see the script's header); dump a round's program
before its pinned order with CTASM_BSAES_NOORDER=1 (or only some rounds:
CTASM_BSAES_NOORDER="dec dec_last").  Never run by gen_asm.py.
"""
import sys
import time


def load(fn):
    ops, out = [], None
    for line in open(fn):
        w = line.split()
        if w[0] == "op":
            kind, args = w[2], w[3:]
            if kind in ("xor", "and", "perm"):
                src = [int(args[0]), int(args[1])]
            elif kind in ("rot1", "rot2"):
                src = [int(args[0])]
            else:
                src = []
            ops.append((kind, sorted(set(src))))
        elif w[0] == "out":
            out = [int(x) for x in w[1:]]
    return ops, out


def search(ops, out, K, limit=5_000_000):
    """(True, order) or (False, None) (a proof), None if the node limit hit."""
    N = len(ops)
    S = [o[1] for o in ops]
    users = [[] for _ in range(N)]
    for i in range(N):
        for s in S[i]:
            users[s].append(i)
    rem = [len(users[i]) for i in range(N)]
    for o in out:
        rem[o] += 1 << 20          # outputs stay live to the end
    done = [ops[i][0] == "in" for i in range(N)]
    live = sum(1 for i in range(N) if done[i] and rem[i])
    nleft = [sum(1 for s in S[i] if not done[s]) for i in range(N)]
    mask = sum(1 << i for i in range(N) if done[i])
    failed, order, nodes = set(), [], [0]

    def do(v):
        nonlocal live, mask
        done[v] = True
        mask |= 1 << v
        order.append(v)
        d = 0
        for s in S[v]:
            rem[s] -= 1
            d += rem[s] == 0
        live += 1 - d
        for u in users[v]:
            nleft[u] -= 1

    def undo(v):
        nonlocal live, mask
        for u in users[v]:
            nleft[u] += 1
        d = 0
        for s in S[v]:
            d += rem[s] == 0
            rem[s] += 1
        live -= 1 - d
        done[v] = False
        mask &= ~(1 << v)
        order.pop()

    def fits(v):
        if ops[v][0] == "perm":
            return live + 1 <= K
        return live + 1 - sum(1 for s in S[v] if rem[s] == 1) <= K

    def ready():
        return [i for i in range(N) if not done[i] and nleft[i] == 0]

    def rec():
        nodes[0] += 1
        if nodes[0] > limit:
            raise TimeoutError
        forced = []
        while True:
            f = [v for v in ready() if ops[v][0] != "perm" and any(rem[s] == 1 for s in S[v])]
            if not f:
                break
            for v in f:
                if not done[v]:
                    do(v)
                    forced.append(v)
        if all(done):
            return True
        if mask not in failed:
            cand = [v for v in ready() if fits(v)]
            # try first the ops that make a user ready
            cand.sort(key=lambda v: (-sum(1 for u in users[v] if nleft[u] == 1), v))
            for v in cand:
                do(v)
                if rec():
                    return True
                undo(v)
            failed.add(mask)
        for v in reversed(forced):
            undo(v)
        return False

    sys.setrecursionlimit(10000)
    try:
        ok = rec()
    except TimeoutError:
        return None, None
    return ok, (order if ok else None)


def profile(ops, out, order):
    S = [o[1] for o in ops]
    pos = {v: i for i, v in enumerate(order)}
    last = {}
    for v in order:
        for s in S[v]:
            last[s] = pos[v]
    for o in out:
        last[o] = 1 << 30
    live = {i for i in range(len(ops)) if ops[i][0] == "in"}
    prof = []
    for k, v in enumerate(order):
        need = len(live) + 1 if ops[v][0] == "perm" else None
        live.add(v)
        for s in S[v]:
            if last[s] == k:
                live.discard(s)
        prof.append(max(len(live), need or 0))
    return prof


def main(argv):
    if argv and argv[0] == "--profile":
        ops, out = load(argv[1])
        order = [int(x) for x in open(argv[2]).read().split()]
        p = profile(ops, out, order)
        print("max", max(p))
        print(" ".join(f"{ops[v][0]}{n}" for v, n in zip(order, p)))
        return 0
    if argv and argv[0] == "--min":
        ops, out = load(argv[1])
        for K in range(16, 40):
            t = time.time()
            ok, _ = search(ops, out, K)
            print(f"K={K}: {'fits' if ok else 'proved impossible' if ok is False else 'node limit'} "
                  f"({time.time() - t:.1f} s)")
            if ok:
                return 0
        return 1
    if len(argv) != 2:
        print(__doc__)
        return 2
    ops, out = load(argv[0])
    ok, order = search(ops, out, int(argv[1]))
    if ok:
        print(" ".join(map(str, order)))
        return 0
    print("proved impossible" if ok is False else "node limit", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
