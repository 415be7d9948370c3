import M3U8Commands

M3U8Tool.tool.main()
