"""The engine: what runs a game on the kernel — rule programs built from the
selected modules (rulebook, plugins, hookspecs), the kernel's vocabulary as the
rule language sees it (kernel), sessions and their invariants, and starting a
scenario (starting).  It imports only the kernel (core, dsl) and, through
plugins, the modules; never the tools."""
