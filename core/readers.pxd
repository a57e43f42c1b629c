# Cython declarations for the compiled kernel (setup.py): the readers are
# extension types, so that the compiled rules' typed callers (dsl.compiler,
# dsl.closures) reach ``read`` by a C call; their typed locals name Ref.
from kriegsspiel.core.state cimport GameState, Ref

cdef class Reader:
    cdef readonly object name
    cpdef object read(self, GameState state, Ref ref)

cdef class PlacementReader(Reader):
    cdef bint on_map
    cdef object seen_reads, seen_kept

cdef class IdReader(Reader):
    pass

cdef class StaticReader(Reader):
    cdef object seen_reads, seen_kept
