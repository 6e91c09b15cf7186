# SPDX-License-Identifier: Apache-2.0
"""Modules of util/check_cfi.py: unwind-data parsing and per-ISA stack tracking."""
