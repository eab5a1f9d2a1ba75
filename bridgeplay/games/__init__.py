"""Games other than two-team bridge play: explicit game trees (:mod:`bridgeplay.games.tree`)."""
