import SCTE35Commands

SCTE35Tool.tool.main()
