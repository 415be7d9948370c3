import ManifestCore

/// A plain-text table: a header row and rows of cells, columns padded to their widest cell (at
/// most `maximumPadding` wide) and separated by two spaces; the last column is not padded.
/// Control characters in cells are escaped (`TextEscaping`), so a value from the input stays in
/// its cell and row.
struct TextTable {
  var header: [String]
  var rows: [[String]] = []

  /// The widest a column is padded to: one long cell (a 100 KB CODECS) would otherwise pad
  /// every row of the table to its width, output growing as rows × that width.
  static let maximumPadding = 120

  /// The table's lines.
  var lines: [String] {
    let all = ([header] + rows).map { $0.map(TextEscaping.escapingControlCharacters) }
    var widths = [Int](repeating: 0, count: header.count)
    for row in all {
      for (i, cell) in row.enumerated() where i < widths.count {
        widths[i] = min(max(widths[i], cell.count), Self.maximumPadding)
      }
    }
    return all.map { row in
      var line = ""
      for (i, cell) in row.enumerated() {
        if i == row.count - 1 {
          line += cell
        } else {
          line += cell + String(repeating: " ", count: max(widths[i] - cell.count, 0) + 2)
        }
      }
      return line
    }
  }
}
