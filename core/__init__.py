"""The kernel: hexes, units, markers, dice, events, phases, decisions.

Nothing in this package knows a rule of any particular game system; rule
modules reach the kernel only through the DSL and the named primitives.
"""
