# Cython declarations for the compiled kernel (setup.py): the readers' typed
# locals (@cython.locals in readers.py) name these extension types.
from kriegsspiel.core.state cimport GameState, Ref
