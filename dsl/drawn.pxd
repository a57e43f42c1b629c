# Cython declarations for the compiled kernel (setup.py): a drawn question and
# the def calls among its options are extension types, so that their methods
# read their fields as C struct members (each a generic attribute look-up on a
# plain object, several per candidate drawn and per def frame made), and
# legal and frame are C calls from the module's typed callers.

cdef class Draw:
    cdef public object player, key, subject
    cdef public list values, checks
    cpdef bint legal(self, Py_ssize_t i)

cdef class _DefCall:
    cdef public _DefCall outer
    cdef public list args, parts, cites
    cdef public object what
    cdef public Py_ssize_t size, first, last
    cpdef list frame(self, list f, dict made)
