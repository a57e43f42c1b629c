# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in closures.py) name.
from kriegsspiel.dsl.runtime cimport Compiled, Context, Keeper
from kriegsspiel.core.readers cimport Reader
