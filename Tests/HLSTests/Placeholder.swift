// Placeholder until the first HLSTests land; delete when a real test file is added.
import Testing
