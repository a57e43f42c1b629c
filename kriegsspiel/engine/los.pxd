# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in los.py) name.
from kriegsspiel.dsl.runtime cimport Context
from kriegsspiel.core.state cimport GameState
