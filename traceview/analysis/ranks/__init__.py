"""Which rank holds the others back? Per-rank totals, rank x step, collectives matched across ranks, communication against computation."""
