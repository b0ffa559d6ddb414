/// A path's folder and last component, as `NSString`'s `deletingLastPathComponent` and
/// `lastPathComponent` give them, without `NSString`: in Swift 6.3's Foundation on Linux,
/// `deletingLastPathComponent` crashes on a path of one character (a config file named `c`, a CSS
/// destination `a`), and a build splits every generated file's path a few times, where `NSString`
/// took a tenth of a one-token rebuild of 100,000 tokens.
public enum PathComponents {
  /// `path`'s folder (`""` for none, `/` at the root) and last component, with repeated and
  /// trailing `/` dropped first.
  public static func folderAndName(of path: String) -> (folder: String, name: String) {
    let slash = UInt8(ascii: "/")
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for byte in path.utf8 where !(byte == slash && bytes.last == slash) { bytes.append(byte) }
    if bytes.count > 1 && bytes.last == slash { bytes.removeLast() }
    if bytes == [slash] { return ("/", "/") }
    guard let last = bytes.lastIndex(of: slash) else { return ("", String(decoding: bytes, as: UTF8.self)) }
    let name = String(decoding: bytes[(last + 1)...], as: UTF8.self)
    return (last == 0 ? "/" : String(decoding: bytes[..<last], as: UTF8.self), name)
  }

  /// `path`'s folder: ``folderAndName(of:)``'s first part.
  public static func folder(of path: String) -> String {
    folderAndName(of: path).folder
  }
}
