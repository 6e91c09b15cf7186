"""Modules of util/check_cfi.py: unwind-data parsing and per-ISA stack tracking."""
