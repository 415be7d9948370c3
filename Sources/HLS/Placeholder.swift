// Placeholder until the HLS target lands; delete when the first real source file is added.
