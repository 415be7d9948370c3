// Placeholder until the first AdInsertionTests land; delete when a real test file is added.
import Testing
