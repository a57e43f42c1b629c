# Cython declarations for the compiled kernel (setup.py): Ref and GameState
# become extension types, so that compiled code holding one in a typed local
# reads its fields as C struct members.  Run from source, this file is unused.

cdef class Ref:
    cdef readonly object kind, id, key
    # A C field: the hash slot returns it as it is, with no int to convert.
    cdef readonly Py_hash_t _hash

cdef class GameState:
    cdef public object catalog, grid, map, track_names, placement, faces, eliminated
    cdef public object tracks, pools, pool_kinds, links, link_kinds, turn, log, version
    cdef public object _changed, _refs, _ref_lists, _at, _reads
    # Counts of changes (stamps): C integers, summed without Python ints.
    cdef public Py_ssize_t _restores, _flips, _entries
    cdef public object _distances, _distances_grid, observers
    cdef public Py_ssize_t _distances_kept
    cdef object __weakref__

    # C calls from the typed callers (dsl.lasting, the kernel's units_at), methods
    # as ever from Python.
    cpdef tuple stamps(self, tuple names, bint entries=*, bint turn=*)
    cpdef list units_at(self, hex_id)
