"""What did the host cost? Launch and dispatch overhead, the host's timeline, the critical path of each step, and a replay of the steps with a change."""
