"""bridgeplay: an analyser of bridge card play."""

__version__ = "0.1.0"
