"""Le Havre (Uwe Rosenberg, 2008): the full and shortened game for 1–5 players."""
