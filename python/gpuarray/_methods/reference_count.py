# SPDX-License-Identifier: BSD-3-Clause
"""How many references to an object a method call holds besides the caller's own:
the counting behind ndarray.resize's refcheck (Note [Resize reference check] in
_resize.py). Standard library only, so that tests can run it on any Python."""
import gc
import sys
import types


def count_own_references(self, *new_shape, refcheck=True):
    """sys.getrefcount of `self`, read as the method using this module reads it: in a
    statement of its own, at the start of a method with resize's parameters."""
    count = sys.getrefcount(self)
    return count


def plain_call_references(make_probe):
    """The count a plain call ``a.method(n)`` reads when the caller's one name is the only
    reference: measured on a new object of `make_probe()` whose type has
    `count_own_references` attached as ``_count_own_references``."""
    probe = make_probe()
    return probe._count_own_references(0)


def other_references(obj, count, baseline, method):
    """References to `obj` besides the caller's name and the call, from `count` (read in
    `method` as count_own_references reads it) and `baseline` (plain_call_references); a
    bound `method` of `obj` that exists is the call's own (Note [Resize reference check])."""
    if count <= baseline:
        return 0
    through_bound_method = any(type(r) is types.MethodType and r.__self__ is obj and r.__func__ is method
                               for r in gc.get_referrers(obj))
    return max(count - through_bound_method - baseline, 0)
