// Placeholder until the Subtitles target lands; delete when the first real source file is added.
