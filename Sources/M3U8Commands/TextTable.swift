/// A plain-text table: a header row and rows of cells, columns padded to their widest cell (at
/// most `maximumPadding` wide) and separated by two spaces; the last column is not padded.
struct TextTable {
  var header: [String]
  var rows: [[String]] = []

  /// The widest a column is padded to: one long cell (a 100 KB CODECS) would otherwise pad
  /// every row of the table to its width, output growing as rows × that width.
  static let maximumPadding = 120

  /// The table's lines.
  var lines: [String] {
    let all = [header] + rows
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
