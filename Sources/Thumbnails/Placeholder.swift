// Placeholder until the Thumbnails target lands; delete when the first real source file is added.
