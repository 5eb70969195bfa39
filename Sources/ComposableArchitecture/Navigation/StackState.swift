import OrderedCollections

/// The elements of a navigation stack, each with a ``StackElementID``.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// // ...
/// state.path.append(.detail(Detail.State()))
/// ```
public struct StackState<Element> {
  private var storage: OrderedDictionary<StackElementID, Element> = [:]
  /// The elements whose effects the navigating `forEach` last saw, so that elements removed by
  /// a reducer outside that `forEach` have their effects cancelled on the next action through
  /// it. Not part of the value: equality, hashing and coding ignore it.
  var _mountedIDs: OrderedSet<StackElementID>?

  /// An empty stack.
  public init() {}

  /// A stack of the given elements, with fresh ids.
  public init(_ elements: some Sequence<Element>) {
    for element in elements { self.append(element) }
  }

  /// The ids of the elements, bottom first.
  public var ids: OrderedSet<StackElementID> { self.storage.keys }

  /// The element with the given id.
  public subscript(id id: StackElementID) -> Element? {
    _read { yield self.storage[id] }
    _modify { yield &self.storage[id] }
  }

  /// The element with the given id, as the given case of an enum of screens: `nil` when there
  /// is no such element or it is another case. Modifying it writes the case back; setting it to
  /// `nil` pops that element alone. Modifying an element that is another case (or no element)
  /// changes nothing and is reported: "Can't modify unrelated case".
  ///
  /// ```swift
  /// await store.send(\.path[id: 0].counter.incrementTapped) {
  ///   $0.path[id: 0, case: \.counter]?.count = 1
  /// }
  /// ```
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case?
  where Element: CasePathable {
    _read { yield self.storage[id].flatMap { $0[case: path] } }
    _modify {
      var modification = CaseModification(self.storage[id], path)
      yield &modification.value
      if modification.isRelated { self.storage[id] = modification.result }
    }
  }

  /// The element with the given id as the case an `AnyCasePath` (`/Path.State.counter`) names,
  /// TCA's older form of ``subscript(id:case:)-(_,CaseKeyPath<Element,Case>)``.
  public subscript<Case>(id id: StackElementID, case path: AnyCasePath<Element, Case>) -> Case? {
    _read { yield self.storage[id].flatMap(path.extract) }
    _modify {
      var modification = CaseModification(self.storage[id], path)
      yield &modification.value
      if modification.isRelated { self.storage[id] = modification.result }
    }
  }

  /// Pushes an element with a fresh id: one the stack does not hold.
  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementIDGenerator) var nextID
    if nextID.isPerStack {
      let last = self.storage.keys.max()?.rawValue ?? -1
      self.storage[StackElementID(integerLiteral: last &+ 1)] = element
      return
    }
    var id = nextID()
    // NB: A counter passes the ids a push took; a generator of the user's own is trusted.
    while nextID.isCounter, self.storage[id] != nil { id = nextID() }
    self.storage[id] = element
  }

  /// Pushes an element with the given id; the store's generator will not hand that id out.
  public mutating func _append(_ element: Element, id: StackElementID) {
    @Dependency(\.stackElementIDGenerator) var nextID
    nextID.reserve(id)
    self.storage[id] = element
  }

  /// Removes the element with `id` and every element above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = self.storage.index(forKey: id) else { return }
    self.storage.removeSubrange(index...)
  }

  /// Removes every element above the element with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = self.storage.index(forKey: id) else { return }
    self.storage.removeSubrange((index + 1)...)
  }

  /// Removes the element at the given position.
  @discardableResult
  public mutating func remove(at position: Int) -> Element {
    self.storage.remove(at: position).value
  }

  /// Removes the top element.
  @discardableResult
  public mutating func removeLast() -> Element {
    self.storage.removeLast().value
  }

  /// Removes and returns the top element, if any.
  public mutating func popLast() -> Element? {
    self.storage.isEmpty ? nil : self.storage.removeLast().value
  }

  /// Removes the top `count` elements.
  public mutating func removeLast(_ count: Int) {
    self.storage.removeLast(count)
  }

  /// Removes every element.
  public mutating func removeAll() {
    self.storage.removeAll()
  }
}

extension StackState: RandomAccessCollection {
  public var startIndex: Int { self.storage.values.startIndex }
  public var endIndex: Int { self.storage.values.endIndex }
  public subscript(position: Int) -> Element {
    _read { yield self.storage.values[position] }
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage.keys == rhs.storage.keys && lhs.storage.values.elementsEqual(rhs.storage.values)
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.storage.keys)
    for value in self.storage.values { hasher.combine(value) }
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      unlabeledChildren: self.storage.map { (key: $0.key, value: $0.value) },
      displayStyle: .dictionary
    )
  }
}
