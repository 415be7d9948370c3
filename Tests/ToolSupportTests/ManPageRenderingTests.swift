import Testing
import ToolSupport

/// `Tool.manPage` on a tool whose texts hold what roff would read as markup: a line starting
/// with `.` or `'` (a request), backslashes (escapes), option hyphens, non-ASCII.
@Suite struct ManPageRenderingTests {
  private let tool = Tool(
    name: "demo-tool", summary: "a demo — with a dash", version: "9.9",
    commands: [
      CommandSpec(
        name: "to-text", summary: ".TH is not a request here", operands: "[FILE...]",
        discussion: """
          'quoted' first, a \\fB backslash, --flag and date-time stay as written.
          .SH not a section
            indented -x example
          """,
        options: [.option("--sep", "TEXT", "separator, e.g. \\t")]
      ) { _, _ in 0 }
    ])

  private var commandSection: String {
    let page = tool.manPage
    let start = page.range(of: ".SS \"to\\-text\"")
    let end = page.range(of: ".SS \"completions\"")
    guard let start, let end else { return "" }
    return String(page[start.lowerBound..<end.lowerBound])
  }

  @Test func textThatLooksLikeMarkupIsEscaped() {
    #expect(
      commandSection == #"""
        .SS "to\-text"
        \fBdemo\-tool to\-text\fR [\fIOPTIONS\fR] [FILE...]
        .PP
        \&.TH is not a request here.
        .PP
        \&'quoted' first, a \efB backslash, \-\-flag and date-time stay as written.
        \&.SH not a section
        .RS 2
        .nf
        indented \-x example
        .fi
        .RE
        .TP
        \fB\-\-sep\fR \fITEXT\fR
        separator, e.g. \et

        """#)
  }

  @Test func headerNamesTheToolAndVersion() {
    let lines = tool.manPage.split(separator: "\n").prefix(5).map(String.init)
    #expect(
      lines == [
        #".\" Generated from the command tables of demo-tool; do not edit."#,
        #".\" Regenerate: MANIFESTKIT_RECORD_GOLDEN=1 swift test --filter ManPageTests"#,
        #".TH "DEMO-TOOL" 1 "" "ManifestKit 9.9" "User Commands""#,
        ".SH NAME",
        #"demo\-tool \- a demo \[u2014] with a dash"#,
      ])
  }
}
