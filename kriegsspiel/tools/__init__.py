"""The user's tools on the engine: the `ks` command line (cli*), playing and
resuming (play), Monte Carlo runs (simulate), the search bot (search),
checking and coverage (checker, coverage, sentence_coverage), situations
(`ks resolve`), pictures and replays (render, replay_html, viewer)."""
