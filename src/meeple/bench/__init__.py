"""Benchmarks that print their figures: engine speed, bot strength, server load, RL steps."""
