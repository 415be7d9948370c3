// Placeholder until the first SCTE35Tests land; delete when a real test file is added.
import Testing
