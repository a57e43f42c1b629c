# Cython declarations for the compiled kernel (setup.py): the types its
# typed locals (@cython.locals in closures.py) name.
from kriegsspiel.dsl.runtime cimport Compiled, Context, Keeper
from kriegsspiel.core.readers cimport Reader
# Ref's type as a C pointer: `type(t) is Ref` a pointer comparison, not a
# module global looked up at every attribute read.
from kriegsspiel.core.state cimport Ref
