import Testing

@testable import EBTokensEmitting

/// Test data for templates, written as Swift literals: `["list": [["item": 1]], "flag": true]`.
private indirect enum Data: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, Sendable
{
  case text(String)
  case bool(Bool)
  case null
  case object([String: Data])
  case list([Data])

  init(stringLiteral value: String) { self = .text(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(integerLiteral value: Int) { self = .text(String(value)) }
  init(arrayLiteral elements: Data...) { self = .list(elements) }
  init(dictionaryLiteral elements: (String, Data)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
  }
  init(nilLiteral: ()) { self = .null }

  var value: TemplateValue {
    switch self {
    case .text(let text): return .text(text)
    case .bool(let flag): return .bool(flag)
    case .null: return .null
    case .object(let fields): return .object(Context(fields: fields))
    case .list(let items):
      var texts: [String] = []
      for case .text(let text) in items { texts.append(text) }
      if texts.count == items.count, !items.isEmpty { return .texts(texts) }
      return .list(
        items.map { item in Context(fields: { if case .object(let f) = item { f } else { [:] } }()) })
    }
  }
}

private final class Context: TemplateContext {
  let fields: [String: Data]

  init(fields: [String: Data]) {
    self.fields = fields
  }

  func field(_ name: String) -> TemplateValue? {
    fields[name]?.value
  }
}

/// Renders `template` (named `main`) with `partials`, or the parse error as `line:column: problem`.
private func render(_ template: String, _ data: [String: Data] = [:], partials: [String: String] = [:])
  -> String
{
  let sources = [("main", template)] + partials.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  let indices = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($0.element.0, $0.offset) })
  var templates: [MustacheTemplate] = []
  for (_, text) in sources {
    do throws(MustacheParseError) {
      templates.append(try MustacheParser.parse(text, partials: indices))
    } catch {
      let (line, column) = MustacheParser.lineAndColumn(of: error.offset, in: Array(text.utf8))
      return "\(line):\(column): \(error.problem)"
    }
  }
  do {
    return String(
      decoding: try MustacheLibrary(templates: templates, indices: indices).render(
        0, context: Context(fields: data)),
      as: UTF8.self)
  } catch {
    return "recursion"
  }
}

/// The engine against the Mustache spec (cases from the `mustache/spec` test suite, MIT) and
/// ebtokens' additions: transforms, and errors at their line and column.
@Suite struct MustacheEngineTests {
  @Test func interpolationNeverEscapes() {
    let data: [String: Data] = ["forbidden": "& \" < >"]
    #expect(render("{{forbidden}}|{{{forbidden}}}|{{&forbidden}}", data) == "& \" < >|& \" < >|& \" < >")
    #expect(render("|{{ string }}|{{{ string }}}|{{& string }}|", ["string": "---"]) == "|---|---|---|")
    #expect(render("I ({{cannot}}) be seen!") == "I () be seen!")
    #expect(render("{{n}} {{flag}}", ["n": 85, "flag": true]) == "85 true")
  }

  @Test func interpolationTagsAreNeverStandalone() {
    #expect(render("  {{string}}\n", ["string": "---"]) == "  ---\n")
    #expect(render("  {{&string}}\n", ["string": "---"]) == "  ---\n")
  }

  @Test func dottedNames() {
    let person: [String: Data] = ["person": ["name": "Joe"]]
    #expect(
      render("\"{{person.name}}\" == \"{{#person}}{{name}}{{/person}}\"", person) == "\"Joe\" == \"Joe\"")
    #expect(render("{{a.b.c.d.e.name}}", ["a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]]]) == "Phil")
    #expect(render("\"{{a.b.c}}\" == \"\"", ["a": [:]]) == "\"\" == \"\"")
    // Only the first part is looked up through the stack.
    #expect(render("\"{{a.b.c.name}}\"", ["a": ["b": [:]], "c": ["name": "Jim"]]) == "\"\"")
    #expect(render("{{#a}}{{b.c}}{{/a}}", ["a": ["b": [:]], "b": ["c": "ERROR"]]) == "")
    #expect(render("{{#a.b.c}}Here{{/a.b.c}}", ["a": ["b": ["c": true]]]) == "Here")
  }

  @Test func sectionsOverListsValuesAndContexts() {
    #expect(
      render("\"{{#list}}{{item}}{{/list}}\"", ["list": [["item": 1], ["item": 2], ["item": 3]]]) == "\"123\""
    )
    #expect(render("\"{{#list}}Yay lists!{{/list}}\"", ["list": []]) == "\"\"")
    #expect(render("\"{{#list}}({{.}}){{/list}}\"", ["list": ["a", "b", "c"]]) == "\"(a)(b)(c)\"")
    #expect(render("{{#foo}}{{.}} is {{foo}}{{/foo}}", ["foo": "bar"]) == "bar is bar")
    #expect(
      render(
        "{{#t}}yes{{/t}}{{#f}}no{{/f}}{{#null}}no{{/null}}{{#missing}}no{{/missing}}",
        ["t": true, "f": false, "null": nil]) == "yes")
    #expect(render("{{#empty}}an empty text is true{{/empty}}", ["empty": ""]) == "an empty text is true")
    #expect(render("|{{# boolean }}={{/ boolean }}|", ["boolean": true]) == "|=|")
  }

  @Test func contextStackLookup() {
    let data: [String: Data] = ["a": "foo", "b": "wrong", "sec": ["b": "bar"], "c": ["d": "baz"]]
    #expect(render("\"{{#sec}}{{a}}, {{b}}, {{c.d}}{{/sec}}\"", data) == "\"foo, bar, baz\"")
    // A field that is there but null stops the lookup; a missing one does not.
    let nested: [String: Data] = ["message": "outer", "present": ["message": nil], "absent": ["other": 1]]
    #expect(
      render("{{#present}}[{{message}}]{{/present}}{{#absent}}[{{message}}]{{/absent}}", nested)
        == "[][outer]")
  }

  @Test func invertedSections() {
    #expect(
      render("\"{{^boolean}}This should be rendered.{{/boolean}}\"", ["boolean": false])
        == "\"This should be rendered.\"")
    #expect(render("\"{{^null}}rendered{{/null}}\"", ["null": nil]) == "\"rendered\"")
    #expect(render("[{{^missing}}Found key 'missing'!{{/missing}}]") == "[Found key 'missing'!]")
    #expect(render("\"{{^list}}Yay lists!{{/list}}\"", ["list": []]) == "\"Yay lists!\"")
    #expect(
      render("\"{{^t}}no{{/t}}{{^context}}no{{/context}}\"", ["t": true, "context": ["x": 1]]) == "\"\"")
    #expect(
      render("| This Is\n{{^boolean}}\n|\n{{/boolean}}\n| A Line\n", ["boolean": false])
        == "| This Is\n|\n| A Line\n")
  }

  @Test func standaloneLines() {
    let yes: [String: Data] = ["boolean": true]
    #expect(render("| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n", yes) == "| This Is\n|\n| A Line\n")
    #expect(
      render("| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n", yes) == "| This Is\n|\n| A Line\n")
    #expect(render("|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|", yes) == "|\r\n|")
    #expect(render("  {{#boolean}}\n#{{/boolean}}\n/", yes) == "#\n/")
    #expect(render("#{{#boolean}}\n/\n  {{/boolean}}", yes) == "#\n/\n")
    #expect(render(" | {{#boolean}}\t|\t{{/boolean}} | \n", yes) == " | \t|\t | \n")
    #expect(render(" | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n", yes) == " |  \n  | \n")
    #expect(render(" {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n", yes) == " YES\n GOOD\n")
    #expect(
      render(
        "{{#bool}}\n* first\n{{/bool}}\n* {{two}}\n{{#bool}}\n* third\n{{/bool}}\n",
        ["bool": true, "two": "second"]) == "* first\n* second\n* third\n")
    // Two tags on a line are not standalone.
    #expect(render("{{#boolean}}{{/boolean}}\nx", yes) == "\nx")
  }

  @Test func comments() {
    #expect(render("12345{{! Comment Block! }}67890") == "1234567890")
    #expect(render("Begin.\n{{! Comment Block! }}\nEnd.\n") == "Begin.\nEnd.\n")
    #expect(render("Begin.\n{{!\nSomething's going on here\n}}\nEnd.\n") == "Begin.\nEnd.\n")
    #expect(render("  12 {{! 34 }}\n") == "  12 \n")
    #expect(render("12345 {{! Comment Block! }} 67890") == "12345  67890")
    #expect(render("end of file\n  {{! comment }}") == "end of file\n")
  }

  @Test func setDelimiters() {
    #expect(render("{{=<% %>=}}(<%text%>)", ["text": "Hey!"]) == "(Hey!)")
    #expect(render("({{=[ ]=}}[text])", ["text": "It worked!"]) == "(It worked!)")
    #expect(render("Begin.\n{{=@ @=}}\nEnd.\n") == "Begin.\nEnd.\n")
    #expect(render("|{{= @   @ =}}|") == "||")
    let sections =
      "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|#section|\n  {{data}}\n  |data|\n|/section|\n]\n"
    #expect(
      render(sections, ["section": true, "data": "I got interpolated."])
        == "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n")
    // A partial starts with the default delimiters, and its own do not leak out.
    #expect(
      render(
        "[ {{>include}} ]\n{{= | | =}}\n[ |>include| ]\n", ["value": "yes"],
        partials: ["include": ".{{value}}."]) == "[ .yes. ]\n[ .yes. ]\n")
    #expect(
      render(
        "[ {{>include}} ]\n[ .{{value}}.  .|value|. ]\n", ["value": "yes"],
        partials: ["include": ".{{value}}. {{= | | =}} .|value|."])
        == "[ .yes.  .yes. ]\n[ .yes.  .|value|. ]\n")
  }

  @Test func partials() {
    #expect(render("\"{{>text}}\"", partials: ["text": "from partial"]) == "\"from partial\"")
    #expect(render("\"{{>text}}\"") == "\"\"")
    #expect(
      render(
        "{{>node}}", ["content": "X", "nodes": [["content": "Y", "nodes": []]]],
        partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"]) == "X<Y<>>")
    #expect(render("| {{>partial}} |", partials: ["partial": "\t|\t"]) == "| \t|\t |")
    #expect(
      render("  {{data}}  {{> partial}}\n", ["data": "|"], partials: ["partial": ">\n>"]) == "  |  >\n>\n")
    #expect(render("|\r\n{{>partial}}\r\n|", partials: ["partial": ">"]) == "|\r\n>|")
    #expect(render("|{{> partial }}|", partials: ["partial": "[]"]) == "|[]|")
  }

  @Test func standalonePartialsIndentEveryLineOfThePartial() {
    #expect(render("  {{>partial}}\n>", partials: ["partial": ">\n>"]) == "  >\n  >>")
    #expect(render(">\n  {{>partial}}", partials: ["partial": ">\n>"]) == ">\n  >\n  >")
    // Interpolated text is not indented; the partial's own lines are.
    let partial = "|\n{{{content}}}a b{{{content}}}c\n|\n"
    #expect(
      render("\\\n {{>partial}}\n/\n", ["content": "<\n->"], partials: ["partial": partial])
        == "\\\n |\n <\n->a b<\n->c\n |\n/\n")
    // A standalone line inside the partial is removed with its indentation; nested partials add up.
    #expect(
      render(
        "  {{>outer}}\n", ["b": true],
        partials: ["outer": "a\n{{#b}}\n  {{>inner}}\n{{/b}}\nz\n", "inner": "c\n{{x}}d\n"])
        == "  a\n    c\n    d\n  z\n")
  }

  @Test func dynamicPartials() {
    #expect(render("[{{>*name}}]", ["name": "content"], partials: ["content": "Hello"]) == "[Hello]")
    #expect(render("[{{>*missing}}][{{>*name}}]", ["name": "nothing"]) == "[][]")
    #expect(render("  {{>*name}}\n", ["name": "content"], partials: ["content": "a\nb\n"]) == "  a\n  b\n")
  }

  @Test func transforms() {
    let data: [String: Data] = [
      "list": [["n": "a"], ["n": "b"], ["n": "c"]], "none": [], "lines": ["", "x"], "word": "hello wORLD",
    ]
    #expect(render("{{#first(list)}}{{n}}{{/first(list)}}{{#last(list)}}{{n}}{{/last(list)}}", data) == "ac")
    #expect(render("{{count(list)}} {{count(none)}} {{count(lines)}}", data) == "3 0 2")
    #expect(render("{{#reversed(list)}}{{n}}{{/reversed(list)}}", data) == "cba")
    #expect(
      render("{{^empty(list)}}some{{/empty(list)}}{{#empty(none)}} none{{/empty(none)}}", data) == "some none"
    )
    #expect(render("{{#lines}}[{{^empty(.)}}{{.}}{{/empty(.)}}]{{/lines}}", data) == "[][x]")
    #expect(
      render("{{uppercased(word)}} {{lowercased(word)}} {{capitalized(word)}} {{reversed(word)}}", data)
        == "HELLO WORLD hello world Hello World DLROw olleh")
    #expect(
      render("{{#list}}{{#first()}}<{{/first()}}{{index()}}{{n}}{{#last()}}>{{/last()}}{{/list}}", data)
        == "<0a1b2c>")
    #expect(
      render(
        "{{#list}}{{#even()}}{{n}}{{/even()}}{{/list}}|{{#list}}{{^odd()}}{{n}}{{/odd()}}{{/list}}", data)
        == "ac|ac")
    #expect(
      render(
        "{{plusone(count(list))}} {{minusone(count(list))}} {{#equalzero(count(none))}}zero{{/equalzero(count(none))}}",
        data) == "4 2 zero")
    // A transform that does not apply to its value is false; first() outside a list too.
    #expect(
      render("{{uppercased(list)}}[{{#first(word)}}x{{/first(word)}}{{#first()}}y{{/first()}}]", data) == "[]"
    )
  }

  @Test func errorsAreAtTheirLineAndColumn() {
    #expect(render("a\n  {{value\n{{/x}}\n") == "2:3: a tag is not finished; close it with '}}'")
    #expect(render("{{#a}}\n {{/b}}") == "2:5: this closing tag does not match the section it closes")
    #expect(render("{{/a}}") == "1:4: this closing tag does not match the section it closes")
    #expect(render("x\n{{#a}}\n") == "2:1: a section is never closed; add its '{{/a}}'")
    #expect(render("{{=<% %>=}}\n<%#a%>") == "2:1: a section is never closed; add its '<%/a%>'")
    #expect(render("é {{= a =}}") == "1:3: invalid set-delimiter tag; write '{{=<% %>=}}'")
    #expect(render("{{a b}}").hasPrefix("1:1: 'a b' is not a name"))
    #expect(render("{{a..b}}").hasPrefix("1:1: 'a..b' is not a name"))
    #expect(render("{{}}") == "1:1: a tag has no name")
    #expect(
      render("{{#wat(x)}}{{/wat(x)}}").hasPrefix(
        "1:1: unknown transform 'wat'; the transforms are empty, first"))
    #expect(render("{{> }}") == "1:1: a partial tag needs one name: '{{> name}}'")
    let inheritance = "template inheritance ('{{<parent}}', '{{$block}}') is not supported; use partials"
    #expect(render("{{<parent}}{{/parent}}") == "1:1: " + inheritance)
    #expect(render("x {{$block}}{{/block}}") == "1:3: " + inheritance)
    #expect(render("{{% CONTENT_TYPE: TEXT}}") == "1:1: pragmas ('{{%…}}') are not supported")
    let deep = String(repeating: "{{#a}}", count: 65) + String(repeating: "{{/a}}", count: 65)
    #expect(render(deep) == "1:385: sections are nested more than 64 deep")
  }

  @Test func aRecursionTheDataNeverEndsIsStopped() {
    #expect(render("{{#a}}{{>main}}{{/a}}", ["a": true]) == "recursion")
    #expect(
      render("{{#list}}{{#s}}{{>main}}{{/s}}{{/list}}", ["list": [[:], [:]], "s": "x"]) == "recursion")
  }

  @Test func unguardedSelfInclusionIsFound() throws {
    func includes(_ text: String) throws -> [MustacheInclude] {
      try MustacheParser.parse(text, partials: [:]).includes
    }
    let cycles = MustacheIncludes.unguardedCycles([
      "a": try includes("{{#.}}{{> b}}{{/.}}"), "b": try includes("x\n{{^missing}}{{> a}}{{/missing}}"),
      "tree": try includes("{{#namespaces}}{{> tree}}{{/namespaces}}"),
    ])
    #expect(cycles.map { "\($0.template) \($0.include.line):\($0.include.column)" } == ["a 1:7", "b 2:13"])
  }
}

/// An element that counts how often a template reads it.
private final class CountedElement: TemplateContext, @unchecked Sendable {
  let name: String
  private(set) var reads = 0

  init(_ name: String) {
    self.name = name
  }

  func field(_ field: String) -> TemplateValue? {
    reads += 1
    return field == "name" ? .text(name) : nil
  }
}

/// A list whose elements' texts are kept across renders.
private final class KeptList: RenderKeepingList, @unchecked Sendable {
  let elements: [CountedElement]
  let renders: ElementRenders?

  init(_ elements: [CountedElement], renders: ElementRenders) {
    self.elements = elements
    self.renders = renders
  }

  var count: Int { elements.count }
  func item(at index: Int) -> TemplateValue { .object(elements[index]) }
  func elementIdentity(at index: Int) -> ObjectIdentifier? { ObjectIdentifier(elements[index]) }
}

/// The page around a kept list, with a field outside its elements.
private final class Page: TemplateContext {
  let list: KeptList
  let outer: String

  init(_ list: KeptList, outer: String) {
    self.list = list
    self.outer = outer
  }

  func field(_ field: String) -> TemplateValue? {
    switch field {
    case "items": return .list(list)
    case "outer": return .text(outer)
    default: return nil
    }
  }
}

/// The texts of a ``RenderKeepingList``'s elements: an element rendered from the same context at
/// the same position is copied from the last render without being read, a new context is rendered,
/// and an element whose text reads a name outside it (or a name found nowhere) is always rendered.
@Suite struct ElementRendersTests {
  private static func library(_ template: String) throws -> MustacheLibrary {
    MustacheLibrary(templates: [try MustacheParser.parse(template, partials: [:])], indices: [:])
  }

  private static func render(_ library: MustacheLibrary, _ page: Page) throws -> String {
    String(decoding: try library.render(0, context: page), as: UTF8.self)
  }

  @Test func anElementOfTheSameContextIsCopiedAndANewOneRendered() throws {
    let renders = ElementRenders()
    let (a, b) = (CountedElement("a"), CountedElement("b"))
    let library = try Self.library("{{#items}}[{{name}}{{#last()}}.{{/last()}}]{{/items}}")
    #expect(try Self.render(library, Page(KeptList([a, b], renders: renders), outer: "x")) == "[a][b.]")
    let (readsA, readsB) = (a.reads, b.reads)
    let c = CountedElement("c")
    #expect(try Self.render(library, Page(KeptList([a, c], renders: renders), outer: "x")) == "[a][c.]")
    #expect(a.reads == readsA && b.reads == readsB && c.reads > 0)
    // The same context at another position, or in a list of another length, is rendered again.
    #expect(
      try Self.render(library, Page(KeptList([c, a, b], renders: renders), outer: "x")) == "[c][a][b.]")
    #expect(a.reads > readsA)
  }

  /// Texts are kept by the section of one compiled library: another library, even of a template at
  /// the same place, renders its elements itself.
  @Test func anotherLibraryRendersItsElementsItself() throws {
    let renders = ElementRenders()
    let a = CountedElement("a")
    let first = try Self.library("{{#items}}[{{name}}]{{/items}}")
    #expect(try Self.render(first, Page(KeptList([a], renders: renders), outer: "x")) == "[a]")
    let reads = a.reads
    let second = try Self.library("{{#items}}({{name}}){{/items}}")
    #expect(try Self.render(second, Page(KeptList([a], renders: renders), outer: "x")) == "(a)")
    #expect(a.reads > reads)
    #expect(try Self.render(first, Page(KeptList([a], renders: renders), outer: "x")) == "[a]")
  }

  @Test func anElementReadingOutsideItselfIsRenderedEachTime() throws {
    let renders = ElementRenders()
    let a = CountedElement("a")
    let (readsOuter, readsMissing) = (
      try Self.library("{{#items}}{{name}}{{outer}}{{/items}}"),
      try Self.library("{{#items}}{{name}}{{missing}}{{/items}}")
    )
    for (library, outer, expected) in [
      (readsOuter, "1", "a1"), (readsOuter, "2", "a2"), (readsMissing, "3", "a"), (readsMissing, "4", "a"),
    ] {
      let before = a.reads
      #expect(try Self.render(library, Page(KeptList([a], renders: renders), outer: outer)) == expected)
      #expect(a.reads > before, "with \(outer)")
    }
  }
}
