/// The fixed vocabulary generated token trees are built from: what one brand holds.
///
/// A brand is three foundation files (a palette of literal colors, a theme that aliases it and
/// holds the scales, semantic colors that alias the theme) and one file per component. Every
/// component is a list of 40-token blocks (28 colors, 8 dimensions, 4 others), one block per
/// variant × size, so any prefix of a brand keeps the 70/20/10 type mix.
enum TokenCatalog {
  struct Hue {
    let name: String
    let degrees: Double
    let saturation: Double
  }

  static let hues = [
    Hue(name: "blue", degrees: 215, saturation: 0.75),
    Hue(name: "purple", degrees: 268, saturation: 0.6),
    Hue(name: "teal", degrees: 178, saturation: 0.6),
    Hue(name: "green", degrees: 142, saturation: 0.55),
    Hue(name: "orange", degrees: 28, saturation: 0.85),
    Hue(name: "red", degrees: 356, saturation: 0.72),
    Hue(name: "yellow", degrees: 46, saturation: 0.9),
    Hue(name: "gray", degrees: 220, saturation: 0.08),
  ]

  /// Palette steps and their HSL lightness: 50 is nearly white, 900 nearly black.
  static let steps: [(name: String, lightness: Double)] = [
    ("50", 0.97), ("100", 0.93), ("200", 0.85), ("300", 0.75), ("400", 0.64),
    ("500", 0.53), ("600", 0.44), ("700", 0.35), ("800", 0.26), ("900", 0.17),
  ]

  /// Candidates for a brand's main and accent hues.
  static let brandHues = ["blue", "purple", "teal", "green"]
  static let accentHues = ["orange", "purple", "teal", "red"]

  enum HueChoice {
    case brand
    case accent
    case named(String)
  }

  /// `theme.color.*`: each aliases one palette step.
  static let themeColors: [(name: String, hue: HueChoice, step: String)] = [
    ("primary", .brand, "600"), ("secondary", .accent, "600"), ("accent", .accent, "400"),
    ("success", .named("green"), "700"), ("warning", .named("orange"), "500"),
    ("danger", .named("red"), "600"),
    ("info", .named("teal"), "700"), ("neutral", .named("gray"), "600"), ("surface", .named("gray"), "50"),
    ("surface-raised", .named("gray"), "100"), ("surface-sunken", .named("gray"), "200"),
    ("ink", .named("gray"), "900"), ("ink-muted", .named("gray"), "700"),
    ("ink-inverse", .named("gray"), "50"),
    ("outline", .named("gray"), "300"), ("focus", .brand, "500"),
  ]

  /// The theme's scales: (group, `$type`, [(name, YAML value)]). 34 dimensions and 17 others.
  static let themeScales: [(group: [String], type: String, entries: [(String, String)])] = [
    (
      ["space"], "dimension",
      [0, 2, 4, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64].map { ("space-\($0)", "\($0)px") }
    ),
    (
      ["radius"], "dimension",
      [("none", "0px"), ("sm", "2px"), ("md", "4px"), ("lg", "8px"), ("xl", "16px"), ("full", "999px")]
    ),
    (["border-width"], "dimension", [("thin", "1px"), ("medium", "2px"), ("thick", "4px")]),
    (
      ["breakpoint"], "dimension",
      [("xs", "0px"), ("sm", "36rem"), ("md", "48rem"), ("lg", "62rem"), ("xl", "75rem"), ("xxl", "90rem")]
    ),
    (
      ["icon-size"], "dimension",
      [("xs", "12px"), ("sm", "16px"), ("md", "20px"), ("lg", "24px"), ("xl", "32px")]
    ),
    (
      ["font", "weight"], "fontWeight",
      [
        ("light", "300"), ("regular", "regular"), ("medium", "500"), ("semibold", "semi-bold"),
        ("bold", "700"), ("black", "900"),
      ]
    ),
    (
      ["duration"], "duration",
      [
        ("fast", "100ms"), ("moderate", "200ms"), ("slow", "300ms"), ("deliberate", "500ms"),
        ("lingering", "0.75s"),
      ]
    ),
    (["opacity"], "number", [("disabled", "0.4"), ("hover", "0.08"), ("pressed", "0.12")]),
  ]

  /// `theme.font.family.*` (the three others the scales above leave out): each brand picks one.
  static let fontFamilies: [(name: String, choices: [[String]])] = [
    (
      "body",
      [
        ["Inter", "sans-serif"], ["Proxima Soft", "Helvetica Neue", "sans-serif"], ["BarkAda", "sans-serif"],
      ]
    ),
    (
      "heading",
      [["Proxima Soft", "sans-serif"], ["Source Serif 4", "Georgia", "serif"], ["Inter", "sans-serif"]]
    ),
    ("mono", [["JetBrains Mono", "monospace"], ["SF Mono", "Menlo", "monospace"]]),
  ]

  /// `semantic.<group>.<name>`: an alias of a theme color, or (`semantic: true`) of another
  /// semantic color, which makes it one step deeper.
  static let semanticColors: [(group: String, name: String, target: String, semantic: Bool)] = [
    ("action", "primary", "primary", false), ("action", "secondary", "secondary", false),
    ("action", "danger", "danger", false), ("action", "success", "success", false),
    ("text", "primary", "ink", false), ("text", "secondary", "ink-muted", false),
    ("text", "inverse", "ink-inverse", false), ("text", "on-action", "ink-inverse", false),
    ("text", "link", "action.primary", true),
    ("surface", "page", "surface", false), ("surface", "card", "surface-raised", false),
    ("surface", "sunken", "surface-sunken", false), ("surface", "inverse", "ink", false),
    ("border", "subtle", "outline", false), ("border", "strong", "neutral", false),
    ("border", "focus", "action.primary", true),
    ("status", "success", "success", false), ("status", "warning", "warning", false),
    ("status", "danger", "danger", false), ("status", "info", "info", false),
  ]

  /// One component: the levels its color paths have decide its shape, and so its audit patterns.
  struct Component {
    let name: String
    /// Empty for a component without a variant level (`brand3.tooltip.hover.bg`).
    let variants: [String]
    /// Empty for a component without a size level; otherwise paths gain one
    /// (`brand3.chip.filled.small.hover.bg`).
    let sizes: [String]
    /// The audit role of `label` on `bg`.
    let labelRole: String
    /// The audit role of `border` on the white page.
    let borderRole: String
  }

  static let components: [Component] = [
    Component(
      name: "button", variants: ["primary", "secondary", "tertiary", "danger", "success", "ghost"], sizes: [],
      labelRole: "text", borderRole: "non-text"),
    Component(
      name: "alert", variants: ["information", "success", "warning", "error"], sizes: [],
      labelRole: "text", borderRole: "decorative"),
    Component(
      name: "badge", variants: ["neutral", "info", "success", "warning", "danger"], sizes: [],
      labelRole: "text", borderRole: "non-text"),
    Component(
      name: "banner", variants: ["info", "promo", "warning", "critical"], sizes: [],
      labelRole: "large-text", borderRole: "decorative"),
    Component(
      name: "card", variants: ["flat", "raised", "outlined"], sizes: [], labelRole: "text",
      borderRole: "decorative"),
    Component(
      name: "link", variants: ["standard", "subtle", "inverse"], sizes: [], labelRole: "text",
      borderRole: "non-text"),
    Component(
      name: "nudge", variants: ["primary", "secondary", "accent"], sizes: [], labelRole: "text",
      borderRole: "decorative"),
    Component(
      name: "tab", variants: ["primary", "secondary", "underline"], sizes: [], labelRole: "text",
      borderRole: "non-text"),
    Component(
      name: "tag", variants: ["neutral", "brand", "accent", "inverse"], sizes: [], labelRole: "text",
      borderRole: "non-text"),
    Component(
      name: "toast", variants: ["neutral", "success", "warning", "error"], sizes: [], labelRole: "text",
      borderRole: "decorative"),
    Component(
      name: "menu-item", variants: ["standard", "destructive", "checked"], sizes: [], labelRole: "text",
      borderRole: "non-text"),
    Component(
      name: "heading", variants: ["display", "title", "subtitle"], sizes: [], labelRole: "large-text",
      borderRole: "decorative"),
    Component(
      name: "chip", variants: ["filled", "outlined"], sizes: ["small", "medium", "large"], labelRole: "text",
      borderRole: "non-text"),
    Component(
      name: "input", variants: ["outlined", "filled"], sizes: ["small", "medium", "large"], labelRole: "text",
      borderRole: "non-text"),
    Component(
      name: "icon-button", variants: ["primary", "secondary", "ghost"], sizes: ["small", "medium", "large"],
      labelRole: "text", borderRole: "non-text"),
    Component(
      name: "avatar", variants: ["circle", "rounded"], sizes: ["xs", "small", "medium", "large"],
      labelRole: "large-text", borderRole: "decorative"),
    Component(
      name: "segmented-control", variants: ["standard", "compact"], sizes: ["small", "medium", "large"],
      labelRole: "text", borderRole: "non-text"),
    Component(name: "tooltip", variants: [], sizes: [], labelRole: "text", borderRole: "decorative"),
    Component(name: "divider", variants: [], sizes: [], labelRole: "text", borderRole: "non-text"),
    Component(name: "scrim", variants: [], sizes: [], labelRole: "large-text", borderRole: "decorative"),
    Component(name: "skeleton", variants: [], sizes: [], labelRole: "text", borderRole: "decorative"),
    Component(name: "snackbar", variants: [], sizes: [], labelRole: "text", borderRole: "non-text"),
  ]

  /// The states of a block, `enabled` first (others derive from it) and `disabled` last (it
  /// aliases `enabled` at reduced alpha).
  static let states = ["enabled", "hover", "pressed", "focused", "selected", "selected-hover", "disabled"]
  /// How much darker each state's background is than `enabled`'s (HSL lightness), `disabled` aside.
  static let backgroundShift: [String: Double] = [
    "enabled": 0, "hover": -0.05, "pressed": -0.1, "focused": 0, "selected": -0.15, "selected-hover": -0.2,
  ]
  static let colorRoles = ["bg", "label", "icon", "border"]
  static let disabledAlphaPercents = ["32", "38", "40", "45"]
}
