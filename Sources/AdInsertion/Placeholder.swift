// Placeholder until the AdInsertion target lands; delete when the first real source file is added.
