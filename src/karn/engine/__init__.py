"""The rules engine: game state and the procedures of the Comprehensive Rules."""
