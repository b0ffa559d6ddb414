import EBTokensModel
import EBTokensSupport

/// What a ``BuildSession``-like caller keeps of one output between renders (`ebtokens build
/// --watch`), so that after a change of token values alone the next render declares again only
/// the changed tokens and renders again only the files holding them (issue 20).
///
/// The Swift and Kotlin outputs keep their last render here (``SplitOutputState``), and CSS its
/// stylesheet's properties (`CSSOutputState`); every other output keeps nothing and renders in
/// full. A render that fails, or that cannot be patched, forgets what was kept and renders in full.
package final class OutputMemo: @unchecked Sendable {
  /// The emitter's state after the last render; `nil` before the first, and after a render that
  /// failed.
  var state: (any OutputPatching)?
  /// How many renders patched the last one rather than rendering in full.
  package internal(set) var patches = 0

  package init() {}
}

/// An output's last render, able to render again after a change of token values alone.
protocol OutputPatching: AnyObject {
  /// The output's files for `tokens`, which differ from the tokens last rendered only in the values
  /// of the tokens named `changed` (the same tokens in the same order, each of the same type,
  /// modality and deprecation); `nil` when that cannot be done by patching (a changed token the
  /// state does not place, a declaration or template that fails, a file-wide fact that changed):
  /// the caller then renders in full, which reports any error. After `nil` the state is unusable.
  func patch(_ tokens: ModalTokenSet, changed: [String]) -> [GeneratedFile]?
}
