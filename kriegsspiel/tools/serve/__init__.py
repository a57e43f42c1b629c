"""`ks serve`: an umpired game in the browser (host.py runs it, app.py serves it)."""
