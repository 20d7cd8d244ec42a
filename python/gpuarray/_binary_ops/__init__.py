# SPDX-License-Identifier: BSD-3-Clause
"""Binary operations (NumPy's reference: "Bit-wise operations") beyond the
bitwise ufuncs: packbits and unpackbits (`bit_packing`, `bits.cuh`)."""
