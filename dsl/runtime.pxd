# Cython declarations for the compiled kernel (setup.py): Context becomes an
# extension type, so that compiled code holding one in a typed local reads its
# fields as C struct members.  Run from source, this file is unused.
from kriegsspiel.core.state cimport GameState, Ref

cdef class Decision:
    cdef readonly object player, key, subject, options, about

cdef class Context:
    cdef public GameState world
    cdef public object dice, decider, rules, active_triggers, memo, memo_version, lasting
    cdef public list trace
    cdef public bint explaining

cdef Py_ssize_t MEMO_TRIAL, MEMO_MIN_SHARE

cdef class Keeper:
    cdef readonly object evaluate, holder, body, pad
    cdef list blank
    cdef Py_ssize_t tried, reused
    cdef object plain(self, Context ctx, object a, tuple args)
    cdef object run(self, Context ctx, object a, tuple args)
    cdef object evaluated(self)
    cpdef object call(self, Context ctx, tuple args)
    cpdef object call1(self, Context ctx, object a)
    cpdef object call2(self, Context ctx, object a, object b)
    cpdef object call3(self, Context ctx, object a, object b, object c)

cdef class Compiled:
    cdef public object decl, fn, type, plain, body, pad
    cdef public Keeper keeper
