import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensEmitting
@testable import EBTokensModel

/// An audit rule can name the typography its text is set in, and take its role from it.
@Suite struct AuditTypographyTests {
  private func typography(_ size: Dimension, weight: Double) -> Typography {
    Typography(
      fontFamily: ["X"], fontSize: size, fontWeight: weight, letterSpacing: Dimension(0, .px), lineHeight: 1.5
    )
  }

  @Test func wcagLargeTextIs24PixelsOr18Point67Bold() {
    #expect(TypographyRole.role(of: typography(Dimension(18, .px), weight: 700)) == .text)
    #expect(TypographyRole.role(of: typography(Dimension(18.66, .px), weight: 900)) == .text)
    #expect(TypographyRole.role(of: typography(Dimension(56.0 / 3, .px), weight: 700)) == .largeText)
    #expect(TypographyRole.role(of: typography(Dimension(19, .px), weight: 600)) == .text)
    #expect(TypographyRole.role(of: typography(Dimension(23.9, .px), weight: 400)) == .text)
    #expect(TypographyRole.role(of: typography(Dimension(24, .px), weight: 100)) == .largeText)
    // 1.5rem is 24px at the browser default root size.
    #expect(TypographyRole.role(of: typography(Dimension(1.5, .rem), weight: 400)) == .largeText)
  }

  private static let tokens = [
    "t.yaml": """
    color:
      $type: color
      ink: "#767676"
      paper: "#FFFFFF"
    type:
      $type: typography
      body:
        $value: {fontFamily: X, fontSize: 16px, fontWeight: 400, letterSpacing: 0px, lineHeight: 1.5}
      headline:
        $value: {fontFamily: X, fontSize: 20px, fontWeight: bold, letterSpacing: 0px, lineHeight: 1.2}
    """
  ]

  @Test func theRoleComesFromTheTypography() throws {
    let result = try auditYAML(
      tokens: Self.tokens,
      config: AuditRuleTests.config(
        """
        - foreground: color.ink
          background: color.paper
          typography: type.body
        - foreground: color.ink
          background: color.paper
          typography: type.headline
        """))
    // #767676 on white is 4.54:1: enough for body text, and for large text.
    #expect(result.results.map(\.role) == [.text, .largeText])
    #expect(result.results.map(\.required) == [4.5, 3])
  }

  @Test func aRuleGivesRoleOrTypography() {
    #expect(
      diagnostics {
        _ = try auditYAML(
          tokens: Self.tokens,
          config: AuditRuleTests.config(
            """
            - foreground: color.ink
              background: color.paper
            - foreground: color.ink
              background: color.paper
              role: text
              typography: type.body
            - foreground: color.ink
              background: color.paper
              typography: type.*
            """))
      } == [
        "ebtokens.yml:4:7: error: a rule needs 'role' or 'typography'",
        "ebtokens.yml:6:7: error: a rule gives 'role' or 'typography', not both",
        "ebtokens.yml:12:19: error: invalid token pattern 'type.*': a typography names one token, without '*'",
      ])
  }

  @Test func theTypographyMustBeATypographyToken() {
    #expect(
      diagnostics {
        _ = try auditYAML(
          tokens: Self.tokens,
          config: AuditRuleTests.config(
            """
            - foreground: color.ink
              background: color.paper
              typography: type.bdy
            - foreground: color.ink
              background: color.paper
              typography: color.ink
            """))
      } == [
        "ebtokens.yml:6:19: error: typography 'type.bdy' is not a token; did you mean 'type.body'?",
        "ebtokens.yml:9:19: error: typography 'color.ink' is a color token; a rule's typography names a typography token",
      ])
  }

  @Test func theShippedRulesTakeTheSeedsTypeStyles() throws {
    let configuration = try ConfigurationLoader().load(
      path: TestPaths.repositoryRoot.appendingPathComponent("ebtokens.yml").path)
    let typographies = configuration.audit.rules.compactMap(\.typography)
    #expect(
      Set(typographies) == [
        "typography.primary.headlines.block", "typography.secondary.bold.caption",
        "typography.primary.label.base",
        "typography.secondary.bold.small-caption",
      ])
    let result = try ContrastAudit.run(configuration: configuration).value
    // Every type style of the seeds is normal text: Proxima Soft Bold 18px is under 18.67px.
    #expect(
      result.results.filter { $0.foreground == "main.nudge.color.primary.label" }.map(\.role) == [.text])
    #expect(result.summary == "4 of 27 pairs fail WCAG 2 AA")
  }
}
