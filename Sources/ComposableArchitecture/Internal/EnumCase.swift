/// The case an enum value is in: its name and the value it holds (`nil` for a case without
/// one); `nil` when `value` is not an enum.
///
/// ```swift
/// _enumCase(of: Destination.State.detail(Detail.State()))  // ("detail", Detail.State())
/// ```
func _enumCase(of value: Any) -> (name: String, payload: Any?)? {
  guard _isEnum(type(of: value)) else { return nil }
  if let child = Mirror(reflecting: value).children.first {
    return (child.label ?? "", child.value)
  }
  return (String(describing: value), nil)
}
