"""What did torch.compile do? Compile against run time, compiled regions and their calls, why it split or recompiled, how Inductor autotuned, which steps are steady."""
