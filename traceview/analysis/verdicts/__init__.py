"""What to change first, and did it hold? Advice and its models, findings, budgets for CI, and what `try` measured. Verdicts read the analysis result, as rules."""
