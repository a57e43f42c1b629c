"""The closures for common shapes (dsl.closures) compute what the general
closure computes: a variable read from its slot, a constant folded in.  It
matters compiled above all: Cython gives a lambda that reads a C-typed local
of its enclosing function the C default, not the value, so a closure reading
a typed slot index must be a def (run it compiled and with KS_PURE=1)."""

import pytest

from kriegsspiel.dsl import closures
from kriegsspiel.dsl.closures import _local, apply, apply_holder, choice, constant, equality, \
    membership
from kriegsspiel.dsl.runtime import Compiled

FRAME = ["ctx", "a", "b", "c3", True, None]


def computed(value):
    """A closure that is neither a variable nor a constant."""
    return lambda f: value


OPERANDS = [_local(1), _local(2), _local(3), constant("c3"), constant("b"), computed("c3"),
            computed("a")]


@pytest.mark.parametrize("op", ["==", "!="])
def test_equality_is_the_general_comparison(op):
    for left in OPERANDS:
        for right in OPERANDS:
            want = (left(FRAME) == right(FRAME)) if op == "==" else (left(FRAME) != right(FRAME))
            assert equality(left, op, right)(FRAME) is want


def test_membership_reads_a_variable_or_a_constant():
    for left in OPERANDS:
        for right in (constant(["c3", "b"]), computed(["a"]), _local(2)):
            try:
                want = left(FRAME) in right(FRAME)
            except TypeError:
                continue
            assert membership(left, right)(FRAME) is want


def test_choice_returns_the_branch_chosen():
    for cond in (_local(4), _local(5), constant(False)):
        for a in OPERANDS:
            for b in OPERANDS:
                assert choice(cond, a, b)(FRAME) == (a(FRAME) if cond(FRAME) else b(FRAME))


def _holder():
    """A def's holder (compiled, apply_holder takes that type only) whose
    function hands back what it was given."""
    return Compiled(None, fn=lambda *args: args)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_calls_read_each_variable_argument_from_its_slot(n):
    import itertools
    for fns in itertools.product(OPERANDS, repeat=n):
        want = ("ctx", *[a(FRAME) for a in fns])
        assert apply_holder(_holder(), list(fns))(FRAME) == want
        assert apply(lambda *args: args, list(fns))(FRAME) == want
    assert closures.slot_of(_local(3)) == 3 and closures.slot_of(constant(1)) == -1
