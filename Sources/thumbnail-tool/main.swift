import ThumbnailCommands

ThumbnailTool.tool.main()
