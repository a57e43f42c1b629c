# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in tables.py) name.
from kriegsspiel.dsl.runtime cimport Context
