import Foundation
import TestSupport
import Testing

@testable import EBTokensAudit

/// The HTML report of the shipped tokens, rendered offline by headless Chromium.
///
/// Skipped (a visible skip) when Chromium is not installed, a failure in CI. Set
/// `EBTOKENS_SCREENSHOT=/some/path.png` to keep the screenshot for a human to look at.
@Suite struct AuditScreenshotTests {
  @Test(.requires(.chromium)) func theShippedReportRendersInHeadlessChromium() throws {
    let chromium = try ExternalTool.chromium.require()
    let result = try AuditContrastTests.shippedAudit()
    try withTemporaryDirectory { directory in
      let page = directory.appendingPathComponent("contrast-audit.html")
      try AuditReport.writeAtomically(AuditReport.render(result, format: .html), to: page.path)
      let png = directory.appendingPathComponent("screenshot.png")
      let arguments = [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
        "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
        "--screenshot=\(png.path)", "--window-size=1200,2000", page.absoluteString,
      ]
      // A wedged browser must not hang the suite.
      let output = try ExternalTool.run(chromium, arguments, in: directory, timeout: 120)
      #expect(output.status == 0, "chromium failed: \(output.stderr)")

      let data = try #require(FileManager.default.contents(atPath: png.path), "no screenshot written")
      #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
      // IHDR follows the signature: width and height, big-endian, at bytes 16...23.
      let bytes = Array(data.prefix(24))
      if bytes.count == 24 {
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1200 && height == 2000, "\(width) × \(height)")
      }
      // A blank or unstyled page compresses to a few kilobytes; the card grid with its swatches,
      // text and icons is far larger (about 240 KB).
      #expect(data.count > 60_000, "screenshot is only \(data.count) bytes")

      if let keep = ProcessInfo.processInfo.environment["EBTOKENS_SCREENSHOT"], !keep.isEmpty {
        try? FileManager.default.removeItem(atPath: keep)
        try FileManager.default.copyItem(atPath: png.path, toPath: keep)
      }
    }
  }
}
