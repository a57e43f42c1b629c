# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in lasting.py) name, and the keeper of kept
# answers, an extension type its callers reach by C calls.
from kriegsspiel.dsl.runtime cimport Context, Keeper
from kriegsspiel.core.state cimport GameState
from kriegsspiel.dsl.shortcuts cimport answer_key, one_key

cdef class Lasting(Keeper):
    cdef readonly object what
    cdef tuple watched, used
    cdef bint entries, turn
    cdef object seen_version
    cdef dict seen_kept, seen_mine
    cdef list seen_entry
    cdef dict answers(self, Context ctx)
    cdef bint kept(self, Context ctx)
    cpdef object call(self, Context ctx, tuple args)
    cpdef object call1(self, Context ctx, object a)
    cpdef object call2(self, Context ctx, object a, object b)
    cpdef object call3(self, Context ctx, object a, object b, object c)
    cdef object key(self, tuple args)
    cdef object answer(self, Context ctx, object key, object a, tuple args)
