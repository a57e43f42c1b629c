# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in lasting.py) name.
from kriegsspiel.dsl.runtime cimport Compiled, Context
from kriegsspiel.core.state cimport GameState
from kriegsspiel.dsl.shortcuts cimport answer_key
