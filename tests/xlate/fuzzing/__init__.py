# SPDX-License-Identifier: Apache-2.0
"""The translator fuzzer's parts (tests/xlate/fuzz.py)."""
