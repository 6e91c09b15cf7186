# SPDX-License-Identifier: Apache-2.0
"""Cross-flavour comparison of assembled objects (util/check_flavours.py)."""
