// Placeholder until the first CommandTests land; delete when a real test file is added.
import Testing
