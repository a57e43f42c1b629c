# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in shortcuts.py) name.
from kriegsspiel.dsl.runtime cimport Compiled, Context
from kriegsspiel.core.state cimport Ref

cpdef object answer_key(tuple args)
