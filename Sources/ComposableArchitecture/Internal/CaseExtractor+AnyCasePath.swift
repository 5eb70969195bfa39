extension CaseExtractor {
  /// An extractor for an `AnyCasePath` (`/Action.child`), the form TCA's older APIs take.
  @usableFromInline
  init(_ casePath: AnyCasePath<Root, Value>) {
    let casePath = UncheckedSendable(casePath)
    self.init(
      extract: { casePath.value.extract(from: $0) },
      embed: { casePath.value.embed($0) }
    )
  }

  /// An extractor of element actions for an `AnyCasePath` to `(id, action)` pairs, TCA's older
  /// form of `forEach`'s action.
  @usableFromInline
  static func elements<ID: Hashable & Sendable, ElementAction>(
    _ casePath: AnyCasePath<Root, (ID, ElementAction)>
  ) -> Self where Value == IdentifiedAction<ID, ElementAction> {
    let casePath = UncheckedSendable(casePath)
    return Self(
      extract: { root in
        casePath.value.extract(from: root).map { .element(id: $0.0, action: $0.1) }
      },
      embed: { action in
        switch action {
        case let .element(id, elementAction): casePath.value.embed((id, elementAction))
        }
      }
    )
  }
}
