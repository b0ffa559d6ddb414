import Testing

@testable import EBTokensModel

/// Cubic Bézier, transition and gradient tokens (format module § 8.6, 9.5, 9.7): sub-values are
/// literals or references, resolved; every error is at the sub-value.
@Suite struct MotionAndGradientTokenTests {
  private static let primitives = """
    duration:
      $type: duration
      fast: 200ms
    ease:
      $type: cubicBezier
      standard: [0.4, 0, 0.2, 1]
    color:
      $type: color
      brand: "#005CE5"
    stop:
      $type: number
      middle: 0.5
    size:
      $type: dimension
      two: 2px
    """

  private func tokens(_ yaml: String) throws -> TokenSet {
    try loadTokens(["p.yaml": Self.primitives, "t.yaml": yaml])
  }

  private func errors(_ yaml: String) -> [String] {
    diagnostics { _ = try tokens(yaml) }
  }

  @Test func cubicBeziersAndTheirAliases() throws {
    let set = try tokens(
      """
      curve:
        $type: cubicBezier
        overshoot: [0.34, 1.56, 0.64, -0.5]
        alias: "{ease.standard}"
      """)
    #expect(
      set["curve.overshoot"]?.value == .cubicBezier(CubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: -0.5)))
    #expect(set["curve.alias"]?.value == .cubicBezier(CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)))
    #expect(set["curve.alias"]?.value.displayString == "cubic-bezier(0.4, 0, 0.2, 1)")
  }

  @Test func transitionsWithReferencedSubValues() throws {
    let set = try tokens(
      """
      motion:
        $type: transition
        fade:
          $value: {duration: "{duration.fast}", delay: {value: 0.1, unit: s}, timingFunction: "{ease.standard}"}
      """)
    let fade = try #require(set["motion.fade"])
    #expect(
      fade.value
        == .transition(
          Transition(
            duration: Duration(200, .ms), delay: Duration(0.1, .s),
            timingFunction: CubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1))))
    #expect(fade.componentReferences.map(\.path) == [["duration"], ["timingFunction"]])
    #expect(fade.value.displayString == "200ms cubic-bezier(0.4, 0, 0.2, 1) 0.1s")
  }

  @Test func gradientsClampPositionsAndResolveReferences() throws {
    let set = try tokens(
      """
      gradient:
        $type: gradient
        brand:
          - {color: "{color.brand} @ 50%", position: -1}
          - {color: "#FF0000", position: "{stop.middle}"}
          - {color: "#000000", position: 42}
      """)
    let brand = try #require(set["gradient.brand"])
    #expect(
      brand.value
        == .gradient([
          GradientStop(color: Color(red: 0, green: 92 / 255, blue: 229 / 255, alpha: 0.5), position: 0),
          GradientStop(color: Color(red: 1, green: 0, blue: 0), position: 0.5),
          GradientStop(color: Color(red: 0, green: 0, blue: 0), position: 1),
        ]))
    #expect(brand.componentReferences.map(\.path) == [["0", "color"], ["1", "position"]])
    #expect(brand.value.displayString == "#005CE580 0%, #FF0000 50%, #000000 100%")
  }

  @Test func errorsAreAtTheSubValue() {
    #expect(
      errors(
        """
        curve:
          $type: cubicBezier
          a: [0.4, 0, 0.2]
          b: [1.5, 0, 0.2, 1]
          c: [0.4, x, 0.2, 1]
          d: 0.4
        """) == [
          "t.yaml:3:6: error: invalid cubicBezier for 'curve.a': a cubic Bézier is a list of four numbers [x1, y1, x2, y2], found 3 numbers",
          "t.yaml:4:7: error: invalid cubicBezier for 'curve.b': x1 is 1.5; the x coordinates of a cubic Bézier are from 0 to 1",
          "t.yaml:5:12: error: invalid cubicBezier for 'curve.c': 'x' is not a number",
          "t.yaml:6:6: error: invalid cubicBezier for 'curve.d': a cubic Bézier is a list of four numbers [x1, y1, x2, y2], found '0.4'",
        ])
    #expect(
      errors(
        """
        motion:
          $type: transition
          a:
            $value: {duration: "{size.two}", delay: 0ms, timingFunction: [0, 0, 1, 1]}
          b:
            $value: {duration: 1ms, delay: 0ms, timingFunction: [2, 0, 1, 1]}
          c:
            $value: {duration: 1ms, delay: -1ms, timingFunction: "{ease.standard}"}
          d:
            $value: {duration: 1ms, timingFunction: "{ease.nope}"}
          e:
            $value: {duration: 1ms, delay: 0ms, timingFunction: [0, 0, 1, 1], property: all}
        """) == [
          "t.yaml:4:24: error: invalid transition for 'motion.a': duration references '{size.two}', which is a dimension; it needs a duration",
          "t.yaml:6:58: error: invalid transition for 'motion.b': timingFunction: x1 is 2; the x coordinates of a cubic Bézier are from 0 to 1",
          "t.yaml:8:36: error: invalid transition for 'motion.c': delay: a duration cannot be negative",
          "t.yaml:10:45: error: 'motion.d' references '{ease.nope}', which does not exist",
          "t.yaml:12:71: warning: in transition 'motion.e': 'property' is not a member of a transition value in "
            + "DTCG 2025.10 (ignored); a transition has duration, delay, timingFunction",
        ])
    #expect(
      errors(
        """
        gradient:
          $type: gradient
          a: []
          b:
            - {color: "{size.two}", position: 0}
          c:
            - {color: "#000000"}
          d:
            - {color: "#000000", position: "{color.brand}"}
          e:
            $value: {color: "#000000", position: 0}
        """) == [
          "t.yaml:3:6: error: invalid gradient for 'gradient.a': a gradient is a list of one or more stops, each an object with color and position, found an empty list",
          "t.yaml:5:15: error: invalid gradient for 'gradient.b': stop 0 color references '{size.two}', which is a dimension; it needs a color",
          "t.yaml:7:7: error: invalid gradient for 'gradient.c': a gradient stop value needs 'position'",
          "t.yaml:9:36: error: invalid gradient for 'gradient.d': stop 0 position references '{color.brand}', which is a color; it needs a number",
          "t.yaml:11:13: error: invalid gradient for 'gradient.e': a gradient is a list of one or more stops, each an object with color and position, found a mapping",
        ])
  }
}
