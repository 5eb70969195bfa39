/// Whether two values of which the first is `Equatable` are equal: false for values of two types.
func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: any Equatable) -> Bool {
  (rhs as? Value) == lhs
}
