# SPDX-License-Identifier: BSD-3-Clause
"""Input and output (NumPy's reference: "Input and output"): NumPy's file and
buffer I/O (`binary_io`: load, save, savez, from*), text files (`text_io`:
loadtxt, savetxt, genfromtxt, fromregex) and the ndarray's serialization methods
(`serialization`: tobytes, tofile, dump, pickling). NumPy reads and writes on the
host; device arrays are copied across."""
