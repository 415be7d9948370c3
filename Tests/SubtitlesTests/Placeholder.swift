// Placeholder until the first SubtitlesTests land; delete when a real test file is added.
import Testing
