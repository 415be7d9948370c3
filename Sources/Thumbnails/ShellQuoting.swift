/// POSIX shell quoting (XCU §2.2.3): the word in single quotes, each `'` written `'\''`, so no
/// value can end the word or start another command.
enum ShellQuoting {
  /// `word`, quoted for a POSIX shell.
  static func quoted(_ word: String) -> String {
    var out = "'"
    for scalar in word.unicodeScalars {
      if scalar == "'" { out += "'\\''" } else { out.unicodeScalars.append(scalar) }
    }
    return out + "'"
  }
}
