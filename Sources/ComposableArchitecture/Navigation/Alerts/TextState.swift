/// Text for an alert, a dialog or a button, kept as data so that state holding it stays
/// `Equatable` and can be asserted in tests.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Could not save")
/// } message: {
///   TextState("The disk is full.")
/// }
/// #expect(String(state: state.alert!.title) == "Could not save")
/// ```
///
/// Styling modifiers (`bold()`, `italic()`, ...) are kept and compared, and ignored when the
/// text is read as a plain string.
public struct TextState: Hashable, Sendable {
  indirect enum Storage: Hashable, Sendable {
    case verbatim(String)
    case concatenated(TextState, TextState)
  }

  /// A style applied to the text.
  public enum Modifier: Hashable, Sendable {
    case bold(isActive: Bool)
    case italic
    case monospacedDigit
    case strikethrough(isActive: Bool)
    case underline(isActive: Bool)
  }

  let storage: Storage
  /// The styles applied, in order.
  public private(set) var modifiers: [Modifier] = []

  /// Text that shows `content` as it is.
  public init(verbatim content: String) {
    self.storage = .verbatim(content)
  }

  /// Text that shows `content`.
  public init<S: StringProtocol>(_ content: S) {
    self.storage = .verbatim(String(content))
  }

  /// The two texts, one after the other.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(storage: .concatenated(lhs, rhs))
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  /// The text in bold.
  public func bold(isActive: Bool = true) -> Self { self.adding(.bold(isActive: isActive)) }

  /// The text in italics.
  public func italic() -> Self { self.adding(.italic) }

  /// The text with digits of one width.
  public func monospacedDigit() -> Self { self.adding(.monospacedDigit) }

  /// The text struck through.
  public func strikethrough(_ isActive: Bool = true) -> Self {
    self.adding(.strikethrough(isActive: isActive))
  }

  /// The text underlined.
  public func underline(_ isActive: Bool = true) -> Self {
    self.adding(.underline(isActive: isActive))
  }

  private func adding(_ modifier: Modifier) -> Self {
    var copy = self
    copy.modifiers.append(modifier)
    return copy
  }

  /// The text as a plain string, styles left out.
  var plainText: String {
    switch self.storage {
    case let .verbatim(string): string
    case let .concatenated(lhs, rhs): lhs.plainText + rhs.plainText
    }
  }
}

extension String {
  /// The plain string a ``TextState`` shows, styles left out.
  ///
  /// ```swift
  /// String(state: TextState("Hello, ") + TextState("world").bold())  // "Hello, world"
  /// ```
  public init(state: TextState) {
    self = state.plainText
  }
}

extension TextState: CustomDumpRepresentable {
  public var customDumpValue: Any { self.plainText }
}

extension TextState: CustomStringConvertible {
  public var description: String { self.plainText }
}
