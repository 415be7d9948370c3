// Placeholder until the first ThumbnailsTests land; delete when a real test file is added.
import Testing
