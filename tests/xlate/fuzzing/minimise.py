# SPDX-License-Identifier: Apache-2.0
"""Shrink a finding's input by whole lines while it keeps the same signature."""

import time


def minimise(text, still_fails, budget_s=20.0, max_runs=60):
    """Greedy chunk removal (halving the chunk size down to one line). still_fails(text)
    must be True for TEXT; returns the smallest input found within the budget."""
    lines = text.splitlines(True)
    deadline = time.monotonic() + budget_s
    runs = 0
    chunk = max(1, len(lines) // 2)
    while chunk >= 1:
        i = 0
        while i < len(lines):
            if time.monotonic() > deadline or runs >= max_runs:
                return "".join(lines)
            cand = lines[:i] + lines[i + chunk:]
            runs += 1
            if cand and still_fails("".join(cand)):
                lines = cand
            else:
                i += chunk
        chunk //= 2
    return "".join(lines)
