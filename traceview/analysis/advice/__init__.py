"""What to change first, and what it would save per step: the advice kinds and the models they rest on (a replay of
the steps with torch.compile's graphs, a DataLoader's workers, no syncs). Computed into the analysis result."""
