# SPDX-License-Identifier: Apache-2.0
"""Pieces of util/asm_diff.py: read generated/ at two revisions, split each file into
functions, compare them across revisions and targets, measure sizes, render reports."""
