"""What every analysis shares: interval arithmetic on integer-ns spans, and what a trace holds."""
