"""What does the result say, and did it hold? Rules that read the analysis result: findings, budgets for CI, and
what `try` measured against the advice."""
