# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in kernel.py) name.
from kriegsspiel.dsl.runtime cimport Context
