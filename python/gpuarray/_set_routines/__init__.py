# SPDX-License-Identifier: BSD-3-Clause
"""Set routines (NumPy's reference: "Set routines"): unique and its array API
forms (`unique`), membership and set operations (`sets`)."""
