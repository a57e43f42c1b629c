# Cython declarations for the compiled kernel (setup.py): the log's Event
# becomes an extension type, made at every change of a game.  Run from
# source, this file is unused.

cdef class Event:
    cdef public object seq, kind, data, cause
