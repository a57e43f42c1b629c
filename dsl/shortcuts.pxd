# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in shortcuts.py) name, and the keeper of
# remembered answers, an extension type its callers reach by C calls.
from kriegsspiel.dsl.runtime cimport Context, Keeper
from kriegsspiel.core.state cimport Ref
from kriegsspiel.core.readers cimport Reader

cpdef object answer_key(tuple args)
cpdef object one_key(object a)

cdef class Remembered(Keeper):
    cdef readonly object what
    cdef object memo, version
    cdef dict mine
    cdef dict answers(self, Context ctx)
    cpdef object call(self, Context ctx, tuple args)
    cpdef object call1(self, Context ctx, object a)
    cpdef object call2(self, Context ctx, object a, object b)
    cpdef object call3(self, Context ctx, object a, object b, object c)
    cdef object answer(self, Context ctx, dict mine, object key, object a, tuple args)
