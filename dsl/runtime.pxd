# Cython declarations for the compiled kernel (setup.py): Context becomes an
# extension type, so that compiled code holding one in a typed local reads its
# fields as C struct members.  Run from source, this file is unused.
from kriegsspiel.core.state cimport GameState

cdef class Context:
    cdef public GameState world
    cdef public object dice, decider, rules, active_triggers, memo, memo_version, lasting
    cdef public list trace
    cdef public bint explaining

cdef class Compiled:
    cdef public object decl, fn, type, plain, body, pad
