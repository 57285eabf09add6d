"""The package version, in a module of its own: the modules that record it import no more than this."""

__version__ = "0.1.0"
