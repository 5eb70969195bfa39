/// One field of one observable value: the value's identity origin and the field's name.
struct PerceivedField: Hashable, Sendable {
  let origin: UInt64
  let name: String
}
