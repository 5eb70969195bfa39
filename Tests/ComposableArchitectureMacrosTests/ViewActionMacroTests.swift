import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(composableArchitectureMacros, indentationWidth: .spaces(2)))
struct ViewActionMacroTests {
  @Test func view() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        let store: StoreOf<Feature>
      }
      """
    } expansion: {
      """
      struct FeatureView {
        let store: StoreOf<Feature>
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func publicViewWithBindableStore() {
    assertMacro {
      """
      @available(macOS 14, *)
      @ViewAction(for: Feature.self)
      public struct FeatureView {
        @Bindable var store: StoreOf<Feature>
      }
      """
    } expansion: {
      """
      @available(macOS 14, *)
      public struct FeatureView {
        @Bindable var store: StoreOf<Feature>
      }

      @available(macOS 14, *)
      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func diagnosesMissingStore() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        var title: String
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      ┬─────────────────────────────
      ╰─ 🛑 '@ViewAction' requires 'FeatureView' to have a 'store' property of type 'StoreOf<Feature>'
         ✏️ Add 'store'
      struct FeatureView {
        var title: String
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        let store: StoreOf<Feature>
        var title: String
      }
      """
    } expansion: {
      """
      struct FeatureView {
        let store: StoreOf<Feature>
        var title: String
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func diagnosesMissingStoreInEmptyView() {
    assertMacro {
      """
      @ViewAction(for: Counter.self)
      struct CounterView {}
      """
    } diagnostics: {
      """
      @ViewAction(for: Counter.self)
      ┬─────────────────────────────
      ╰─ 🛑 '@ViewAction' requires 'CounterView' to have a 'store' property of type 'StoreOf<Counter>'
         ✏️ Add 'store'
      struct CounterView {}
      """
    } fixes: {
      """
      @ViewAction(for: Counter.self)
      struct CounterView {
        let store: StoreOf<Counter>
      }
      """
    } expansion: {
      """
      struct CounterView {
        let store: StoreOf<Counter>
      }

      extension CounterView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func diagnosesEnum() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      enum FeatureView {
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      ┬─────────────────────────────
      ╰─ 🛑 '@ViewAction' can only be applied to a struct or a class (a view), not an enum
      enum FeatureView {
      }
      """
    }
  }
}
