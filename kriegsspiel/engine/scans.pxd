# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in scans.py) name.
from kriegsspiel.dsl.runtime cimport Context
