# Cython declarations for the compiled kernel (setup.py): the readers are
# extension types, so that the compiled rules' typed callers (dsl.compiler,
# dsl.closures) reach ``read`` by a C call; their typed locals name Ref.
from kriegsspiel.core.state cimport GameState, Ref

cdef class Reader:
    cdef readonly object name
    cpdef object read(self, GameState state, Ref ref)

cdef class KeepingReader(Reader):
    cdef object seen_reads, seen_kept
    cdef dict kept_in(self, dict tables)

cdef class PlacementReader(KeepingReader):
    cdef bint on_map

cdef class IdReader(Reader):
    pass

cdef class StaticReader(KeepingReader):
    pass

# The module's constants (imported from core.state) as C globals: a reader
# compares against _MISSING at every read, without a module dict look-up.
cdef object _MISSING, _EMPTY, _PIECES
