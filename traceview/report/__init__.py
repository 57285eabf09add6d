"""Result dataclasses -> output: terminal (rich), JSON, HTML."""
