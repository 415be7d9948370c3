import SubtitleCommands

SubtitleTool.tool.main()
